/// Picks the known name closest to a mistyped one, for "did you mean …?".
public enum Suggestion {
    /// The closest candidate by case-insensitive edit distance (at most 3, or `maxDistance`),
    /// or one the word begins or (four letters or more) ends.
    public static func nearest(
        to word: String, among candidates: [String], maxDistance: Int? = nil
    ) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return nil }
        let byLength = w.count <= 3 ? 1 : (w.count <= 6 ? 2 : 3)
        let limit = Swift.min(byLength, maxDistance ?? byLength)
        var best: (String, Int)? = nil
        for candidate in candidates {
            // A candidate far shorter, or far longer and not after the word, is skipped
            // before it is lowercased (an unknown word meets every name of its kind).
            let length = candidate.unicodeScalars.count
            if (length - w.count).magnitude > 3
                && (length < w.count || w.count < 2 || differsInASCII(candidate, w[0]))
                && !(length > w.count && w.count >= 4 && ends(candidate, with: w))
            {
                continue
            }
            let lowered = candidate.lowercased()
            // The candidate's scalars on the stack: no array per candidate.
            let d = withUnsafeTemporaryAllocation(
                of: Unicode.Scalar.self, capacity: lowered.unicodeScalars.count
            ) { buffer -> Int in
                var n = 0
                for scalar in lowered.unicodeScalars {
                    buffer.initializeElement(at: n, to: scalar)
                    n += 1
                }
                let c = UnsafeBufferPointer(rebasing: buffer[0..<n])
                // Past 3 the lengths' difference rules a candidate out, and only a distance
                // below the limit and the best so far matters: long garbage stays linear.
                let bound = Swift.min(limit, (best?.1 ?? Int.max) - 1)
                var d =
                    (c.count - w.count).magnitude > 3 || bound < 0
                    ? Int.max / 2 : w.withUnsafeBufferPointer { distance($0, c, bound: bound) }
                if c.count > w.count && c.starts(with: w) && w.count >= 2 { d = Swift.min(d, 1) }
                // The end of a compound name is a name too: 'name' for 'username'.
                if c.count > w.count && w.count >= 4
                    && c[(c.count - w.count)...].elementsEqual(w)
                {
                    d = Swift.min(d, 1)
                }
                return d
            }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        return d <= limit && d > 0 ? name : (d == 0 && name != word ? name : nil)
    }

    /// True when `candidate`, lowercased, ends with `word` (lowercased scalars).
    private static func ends(_ candidate: String, with word: [Unicode.Scalar]) -> Bool {
        guard let last = candidate.unicodeScalars.last,
            last.properties.lowercaseMapping.unicodeScalars.first == word.last
        else { return false }
        return candidate.lowercased().unicodeScalars.suffix(word.count).elementsEqual(word)
    }

    /// True when `candidate` starts with an ASCII letter other than `first`, in any case.
    private static func differsInASCII(_ candidate: String, _ first: Unicode.Scalar) -> Bool {
        guard let c = candidate.utf8.first, c < 0x80, first.isASCII else { return false }
        let lower = UInt8(ascii: "A") <= c && c <= UInt8(ascii: "Z") ? c | 0x20 : c
        return lower != UInt8(first.value)
    }

    /// " (did you mean 'x'?)" text, or empty.
    public static func hint(
        for word: String, among candidates: [String], maxDistance: Int? = nil
    ) -> String {
        nearest(to: word, among: candidates, maxDistance: maxDistance)
            .map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Words as a message lists the choices: `a or b`, `a, b or c` (`conjunction` for `or`).
    public static func alternatives(_ words: [String], conjunction: String = "or") -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The optimal string alignment distance, or some number past `bound` once it is.
    static func distance(
        _ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>,
        bound: Int = Int.max / 2
    ) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return Int.max / 2 }
        // Three rows on the stack, not three arrays on the heap.
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var previous2 = rows.baseAddress!
            var previous = previous2 + width
            var current = previous + width
            for j in 0..<width {
                previous2[j] = 0
                previous[j] = j
                current[j] = 0
            }
            var previousMinimum = 0
            for i in 1...a.count {
                current[0] = i
                var minimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        v = Swift.min(v, previous2[j - 2] + 1)
                    }
                    current[j] = v
                    minimum = Swift.min(minimum, v)
                }
                // Every later cell builds on this row or the one before (a transposition):
                // once both are past the bound, so is the distance.
                if minimum > bound && previousMinimum > bound { return bound + 1 }
                previousMinimum = minimum
                (previous2, previous, current) = (previous, current, previous2)
            }
            return previous[b.count]
        }
    }
}
