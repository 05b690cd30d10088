/// The prompt a runner serves: its history, and its Ctrl-C, which stops a running `source`.
public protocol PromptInput: AnyObject {
    /// The history entries, oldest first.
    var historyEntries: [String] { get }
    /// Whether Ctrl-C was pressed since the last call, clearing the flag.
    func takeInterrupt() -> Bool
}
