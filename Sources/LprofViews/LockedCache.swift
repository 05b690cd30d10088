import Foundation

/// Costly values made once and used under one lock, as a `DateFormatter` is not thread-safe.
final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    /// `body` applied to the value for `key`, which `make` makes the first time.
    func with<T>(_ key: Key, make: () -> Value, _ body: (Value) -> T) -> T {
        lock.withLock {
            if let found = values[key] { return body(found) }
            let made = make()
            values[key] = made
            return body(made)
        }
    }

    func value(_ key: Key, make: () -> Value) -> Value { with(key, make: make) { $0 } }
}
