import LprofModel
import LprofText

/// The store's file format, decoded strictly (its own RFC 8259 parser, then `set`'s rules) so
/// that no Foundation version can take `true` for a number or let a duplicate key through:
///
///     {"format":1,"id":"…","revision":N,"profile":{"username":"…","prefersNotifications":true,
///      "seasonalPhoto":"winter","goalDate":"2026-11-30"}}
///
/// on one line with a trailing newline, keys in that order; only `id` may be missing (a store
/// written before lprof knew identities).
enum StoreCodec {
    /// The format this lprof writes and the newest one it reads.
    static let currentFormat = 1

    /// The top level's keys, in the order `encode` writes them: the only ones `decode` takes.
    static let keys = ["format", "id", "revision", "profile"]

    /// Why bytes are not a store this lprof can use.
    enum DecodeError: Error, Equatable {
        /// Not a valid store; the text says why, without the file name.
        case corrupt(String)
        case newerFormat(Int)
    }

    // MARK: Encoding

    /// The exact bytes of a store file, whose profile object is the one `get --json` prints.
    static func encode(_ stored: StoredProfile) -> [UInt8] {
        let identity = stored.identity.map { "\"id\":\"\($0.hex)\"," } ?? ""
        return Array(
            ("{\"format\":\(currentFormat),\(identity)\"revision\":\(stored.revision),\"profile\":"
                + JSONText.profile(stored.profile) + "}\n").utf8)
    }

    // MARK: Validation shared with saving

    /// Why `profile` could not be stored and read back, or nil.
    static func problem(with profile: Profile) -> String? {
        if let reason = Username.problem(with: profile.username) {
            return "username is refused: \(reason)"
        }
        if !CalendarDay.writtenYears.contains(profile.goalDate.year) {
            return
                "goalDate '\(profile.goalDate.iso)' is outside the years \(CalendarDay.writtenYearsText)"
        }
        return nil
    }

    // MARK: Decoding

    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> StoredProfile {
        if String(validating: bytes, as: UTF8.self) == nil {
            throw .corrupt("it is not valid UTF-8 text")
        }
        let value: JSONValue
        do {
            var parser = JSONParser(bytes: bytes)
            value = try parser.parseDocument()
        } catch {
            throw .corrupt("invalid JSON: \(error.message)")
        }
        guard case .object(let top) = value else {
            throw .corrupt("the top level is \(value.kindName), not an object")
        }
        // The format first: a newer lprof may have changed everything else.
        let format = try integer(top.first { $0.0 == "format" }?.1, name: "format")
        if format > currentFormat { throw .newerFormat(format) }
        if format < 1 { throw .corrupt("format \(format) is not a store format") }

        var fields = try keyed(top, context: nil, allowed: Set(keys))

        var identity: StoreIdentity?
        if let idValue = fields.removeValue(forKey: "id") {
            let text = try string(idValue, name: "id")
            guard let valid = StoreIdentity(hex: text) else {
                throw .corrupt(
                    "id \(quoted(text)) is not \(StoreIdentity.digits) lowercase hexadecimal digits"
                )
            }
            identity = valid
        }

        let revision = try integer(fields.removeValue(forKey: "revision"), name: "revision")
        if revision < 0 { throw .corrupt("revision \(revision) is negative") }

        guard let profileValue = fields.removeValue(forKey: "profile") else {
            throw .corrupt("profile is missing")
        }
        guard case .object(let members) = profileValue else {
            throw .corrupt("profile is \(profileValue.kindName), not an object")
        }
        let (usernameKey, notificationsKey, seasonKey, goalKey) = (
            ProfileField.username.tutorialName, ProfileField.notifications.tutorialName,
            ProfileField.season.tutorialName, ProfileField.goal.tutorialName
        )
        var p = try keyed(
            members, context: "profile", allowed: Set(ProfileField.allCases.map(\.tutorialName)))

        let username = try string(p.removeValue(forKey: usernameKey), name: usernameKey)
        if let reason = Username.problem(with: username) {
            throw .corrupt("username is refused: \(reason)")
        }

        guard let notificationsValue = p.removeValue(forKey: notificationsKey) else {
            throw .corrupt("\(notificationsKey) is missing")
        }
        guard case .bool(let prefersNotifications) = notificationsValue else {
            throw .corrupt(
                "\(notificationsKey) is \(notificationsValue.kindName), not true or false")
        }

        let seasonName = try string(p.removeValue(forKey: seasonKey), name: seasonKey)
        guard let season = Season(rawValue: seasonName) else {
            throw .corrupt(
                "\(seasonKey) \(quoted(seasonName)) is not a season"
                    + " (\(Suggestion.alternatives(Season.allCases.map(\.rawValue))))")
        }

        let dateText = try string(p.removeValue(forKey: goalKey), name: goalKey)
        guard let goal = CalendarDay(iso: dateText) else {
            throw .corrupt("\(goalKey) \(quoted(dateText)) is not a valid YYYY-MM-DD date")
        }
        let profile = Profile(
            username: username, prefersNotifications: prefersNotifications,
            seasonalPhoto: season, goalDate: goal)
        // Only the goal's years are left to check: the username was checked in file order.
        if let problem = problem(with: profile) { throw .corrupt(problem) }
        return StoredProfile(profile: profile, revision: revision, identity: identity, exists: true)
    }

    /// An object's members as a dictionary; duplicate or unknown keys are errors.
    private static func keyed(
        _ members: [(String, JSONValue)], context: String?, allowed: Set<String>
    ) throws(DecodeError) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in members {
            let name = quoted(context.map { "\($0).\(key)" } ?? key)
            if result[key] != nil { throw .corrupt("the key \(name) appears twice") }
            if !allowed.contains(key) { throw .corrupt("unknown key \(name)") }
            result[key] = value
        }
        return result
    }

    private static func integer(_ value: JSONValue?, name: String) throws(DecodeError) -> Int {
        guard let value else { throw .corrupt("\(name) is missing") }
        guard case .number(let text) = value else {
            throw .corrupt("\(name) is \(value.kindName), not an integer")
        }
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) })
        else {
            throw .corrupt("\(name) \(text.prefix(40)) is not an integer")
        }
        guard let n = Int(text) else { throw .corrupt("\(name) \(text.prefix(40)) is too large") }
        return n
    }

    private static func string(_ value: JSONValue?, name: String) throws(DecodeError) -> String {
        guard let value else { throw .corrupt("\(name) is missing") }
        guard case .string(let text) = value else {
            throw .corrupt("\(name) is \(value.kindName), not a string")
        }
        return text
    }

    /// A value from the file quoted for a message, cut and escaped (format characters, quote
    /// and backslash too) so that a hostile file can neither drive the terminal nor mislead.
    static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let shown = String(String.UnicodeScalarView(scalars.prefix(40)))
        let escaped = TerminalSafe.escape(shown, .swift) {
            TerminalSafe.isUnsafe($0) || $0.properties.generalCategory == .format || $0 == "'"
                || $0 == "\\"
        }
        return "'" + escaped + (scalars.count > 40 ? "…" : "") + "'"
    }
}
