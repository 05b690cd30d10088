import Testing

@testable import LprofLanguage
@testable import LprofText

/// "Did you mean": the distance on stack rows and the length bound that skips it give the
/// same answers as the plain algorithm.
@Suite struct SuggestionTests {
    /// Optimal string alignment distance, written plainly.
    static func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// `nearest` without the length bound.
    static func referenceNearest(_ word: String, _ candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return nil }
        var best: (String, Int)? = nil
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            var d = w.count > 64 || c.count > 64 ? Int.max / 2 : reference(w, c)
            if c.count > w.count && c.starts(with: w) && w.count >= 2 { d = min(d, 1) }
            if c.count > w.count && w.count >= 4 && c.suffix(w.count).elementsEqual(w) {
                d = min(d, 1)
            }
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = w.count <= 3 ? 1 : (w.count <= 6 ? 2 : 3)
        return d <= limit && d > 0 ? name : (d == 0 && name != word ? name : nil)
    }

    /// `Suggestion.distance` over arrays, unbounded.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in Suggestion.distance(a, b) }
        }
    }

    @Test func distance() {
        func d(_ a: String, _ b: String) -> Int {
            Self.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(d("", "abc") == 3)
        #expect(d("abc", "") == 3)
        #expect(d("season", "season") == 0)
        #expect(d("sesaon", "season") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("ab", "ba") == 1)
    }

    @Test func agreesWithThePlainAlgorithm() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let letters = Array("setgoalnhowiducmpr".unicodeScalars)
        let candidates = Vocabulary.commands + ["notifications", "season", "goal", "username"]
        for _ in 0..<3000 {
            let length = next(18)
            let a = (0..<length).map { _ in letters[next(letters.count)] }
            let b = (0..<next(18)).map { _ in letters[next(letters.count)] }
            #expect(Self.distance(a, b) == Self.reference(a, b))
            let word = String(String.UnicodeScalarView(a))
            #expect(
                Suggestion.nearest(to: word, among: candidates)
                    == Self.referenceNearest(word, candidates), "\(word)")
        }
    }

    /// The end of a compound name suggests it: `set name hiker` means `username`.
    @Test func theEndOfANameSuggestsIt() {
        let fields = ["username", "notifications", "season", "goal"]
        #expect(Suggestion.nearest(to: "name", among: fields) == "username")
        #expect(Suggestion.nearest(to: "NAME", among: fields) == "username")
        #expect(Suggestion.nearest(to: "me", among: fields) == nil)
    }

    /// A bounded distance is exact up to its bound and past it beyond.
    @Test func boundedDistanceIsExactWithinItsBound() {
        let words = [
            "set", "sett", "est", "done", "dnoe", "history", "hsitory", "x", "", "abcdefgh",
            "caf\u{E9}", "reset", "present", "dismiss", "season", "seasno", "ab", "ba",
        ]
        for a in words {
            for b in words {
                let x = Array(a.unicodeScalars)
                let y = Array(b.unicodeScalars)
                let exact = Self.reference(x, y)
                for bound in 0...4 {
                    let d = x.withUnsafeBufferPointer { x in
                        y.withUnsafeBufferPointer { y in Suggestion.distance(x, y, bound: bound) }
                    }
                    if exact <= bound {
                        #expect(d == exact, "\(a) \(b) bound \(bound)")
                    } else {
                        #expect(d > bound, "\(a) \(b) bound \(bound)")
                    }
                }
            }
        }
    }
}
