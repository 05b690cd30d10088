import LprofModel
import Testing

@testable import LprofViews

/// `show code` draws ProfileHost's body as the write-ups write it (issue 34 items 2–4, 8):
/// each edition's own wiring, with its comments taken out and its white space ignored, is
/// the seed's body token for token, the beta's in today's syntax.
@Suite struct CodeViewSeedTests {
    /// 002:302-327, the release's ProfileHost body after "Delay Edit Propagation", as the
    /// write-up prints it (seed 002, the release's Japanese write-up).
    static let releaseBody = #"""
            var body: some View {
               VStack(alignment: .leading, spacing: 20) {
                   HStack {
                       if editMode?.wrappedValue == .active {
                           Button("Cancel") {
                               draftProfile = modelData.profile
                               editMode?.animation().wrappedValue = .inactive
                           }
                       }
                       Spacer()
                       EditButton()
                   }
                   if editMode?.wrappedValue == .inactive {
                       ProfileSummary(profile: modelData.profile)
                   } else {
                       ProfileEditor(profile: $draftProfile)
                           .onAppear {
                               draftProfile = modelData.profile
                           }
                           .onDisappear {
                               modelData.profile = draftProfile
                           }
                   }
               }
               .padding()
           }
        """#

    /// 000:731-757, the 2019 beta's ProfileHost body after its step 2 (seed 000, the beta's
    /// Korean write-up).
    static let betaBody = #"""
            var body: some View {
                VStack(alignment: .leading, spacing: 20) {
                    HStack {
                        if self.mode?.value == .active {
                            Button(action: {
                                self.profile = self.draftProfile
                                self.mode?.animation().value = .inactive
                            }) {
                                Text("Done")
                            }
                        }

                        Spacer()

                        EditButton()
                    }
                    if self.mode?.value == .inactive {
                        ProfileSummary(profile: profile)
                    } else {
                        ProfileEditor(profile: $draftProfile)
                            .onDisappear {
                                self.draftProfile = self.profile
                            }
                    }
                }
                .padding()
            }
        """#

    /// The 2019 beta's syntax in today's, as `show code` renders it: the environment value
    /// is `editMode` and its `wrappedValue`, `self.` is implied, and a button with a text
    /// label is `Button("Done") { … }`.
    static func today(_ beta: String) -> String {
        var text = beta
        for (old, new) in [
            ("self.mode?", "editMode?"), ("?.value", "?.wrappedValue"),
            (").value", ").wrappedValue"), ("self.", ""),
        ] {
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// The beta's button with a text label in today's form, on tokens.
    static func todaysButton(_ tokens: String) -> String {
        tokens.replacingOccurrences(of: "Button(action:{", with: "Button(\"Done\"){")
            .replacingOccurrences(of: "}){Text(\"Done\")}", with: "}")
    }

    /// The text without `//` comments and without white space.
    static func tokens(_ text: String) -> String {
        text.split(separator: "\n").map { line -> Substring in
            guard let comment = line.range(of: "//") else { return line }
            return line[..<comment.lowerBound]
        }.joined().filter { !$0.isWhitespace }
    }

    static func rendered(_ edition: Edition) -> String {
        CodeView.lines(Wiring.preset(edition)).joined(separator: "\n")
    }

    @Test func theReleaseBodyIsTheSeeds() {
        let body = Self.tokens(Self.releaseBody)
        #expect(Self.tokens(Self.rendered(.release)).contains(body), "\(Self.rendered(.release))")
        // Cancel's last line keeps its animation (002:308); the VStack its padding (002:326).
        #expect(Self.rendered(.release).contains("editMode?.animation().wrappedValue = .inactive"))
        #expect(Self.rendered(.release).contains("        .padding()\n    }\n}"))
    }

    @Test func theBetaBodyIsTheSeedsInTodaysSyntax() {
        let body = Self.todaysButton(Self.tokens(Self.today(Self.betaBody)))
        #expect(body.contains("editMode?.animation().wrappedValue=.inactive"))
        #expect(Self.tokens(Self.rendered(.beta)).contains(body), "\(Self.rendered(.beta))")
    }

    @Test(arguments: [Edition.release, .beta])
    func theWriteUpsAreNamedBeforeTheFirstCitation(_ edition: Edition) throws {
        let text = Self.rendered(edition)
        let firstCitation = try #require(text.range(of: edition == .release ? "002:" : "000:"))
        let before = text[..<firstCitation.lowerBound]
        #expect(before.contains("002 is the release's"))
        #expect(before.contains("000 the 2019 beta's"))
    }
}
