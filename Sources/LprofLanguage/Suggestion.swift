/// Picks the known name closest to a mistyped one, for "did you mean …?".
public enum Suggestion {
    /// The closest candidate within a small edit distance (case-insensitive, transpositions
    /// count one), or one the word is a prefix of; nil when nothing is close.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return nil }
        var best: (String, Int)? = nil
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            var d = distance(w, c)
            if c.count > w.count && c.starts(with: w) && w.count >= 2 { d = Swift.min(d, 1) }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = w.count <= 3 ? 1 : (w.count <= 6 ? 2 : 3)
        return d <= limit && d > 0 ? name : (d == 0 && name != word ? name : nil)
    }

    /// " (did you mean 'x'?)" text, or empty.
    public static func hint(for word: String, among candidates: [String]) -> String {
        guard let near = nearest(to: word, among: candidates) else { return "" }
        return "; did you mean '\(near)'?"
    }

    /// Optimal string alignment distance.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return Int.max / 2 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = Swift.min(v, previous2[j - 2] + 1)
                }
                current[j] = v
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
