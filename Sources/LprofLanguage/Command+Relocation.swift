extension Span {
    func onLine(_ line: Int) -> Span { Span(line: line, start: start, end: end) }
}

extension Argument {
    func onLine(_ line: Int) -> Argument { Argument(text, at: span.onLine(line)) }
}

extension Command {
    /// The same command as parsed from the same bytes on another physical line: every
    /// span moved to `line`. Lets a runner reuse the parse of a line it has seen before.
    public func relocated(toLine line: Int) -> Command {
        guard span.line != line else { return self }
        return Command(
            kind.relocated(toLine: line), at: span.onLine(line), lastSpan: lastSpan.onLine(line))
    }
}

extension CommandKind {
    func relocated(toLine line: Int) -> CommandKind {
        switch self {
        case .help(let topic): return .help(topic: topic?.onLine(line))
        case .show(let view, let span): return .show(view, span?.onLine(line))
        case .set(let field, let value): return .set(field, value.onLine(line))
        case .expect(let target, let value): return .expect(target, value.onLine(line))
        case .expectError(let inner): return .expectError(inner.relocated(toLine: line))
        case .env(let key, let value): return .env(key, value?.onLine(line))
        case .print(let words): return .print(words.map { $0.onLine(line) })
        case .source(let path): return .source(path.onLine(line))
        case .history(let count): return .history(count?.onLine(line))
        case .get, .getJSON, .edit, .done, .cancel, .reset, .reload, .trace, .quit: return self
        }
    }
}
