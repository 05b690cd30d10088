import LprofModel
import LprofText

/// `show code`: ProfileHost as wired now, generated from the pieces in today's SwiftUI syntax,
/// each statement the write-up's (002:302-327, 000:731-757) so that a learner can check it.
public enum CodeView {
    public static func render(_ wiring: Wiring, style: ViewStyle) -> String {
        var view = ViewText(style: style)
        view.append(contentsOf: fitted(lines(wiring), width: view.width).map(\.text))
        return view.rendered
    }

    /// The code soft-wrapped for `width` as an editor would, never cut, since a line cut with
    /// `…` is no longer code; each row keeps its code line's index for `line(of:)`.
    private static func fitted(_ code: [String], width: Int) -> [(
        text: String, source: Int, movedComment: Bool
    )] {
        // A trailing comment too wide for its line goes above the code it is about.
        var split: [String] = []
        var origin: [(source: Int, movedComment: Bool)] = []
        for (index, line) in code.enumerated() {
            let indent = String(line.prefix(while: { $0 == " " }))
            let code = line.dropFirst(indent.count)
            if TextLayout.columns(line) > width, !code.hasPrefix("//"),
                let mark = code.range(of: "  // ")
            {
                split.append(indent + "// " + code[mark.upperBound...])
                split.append(indent + code[..<mark.lowerBound])
                origin += [(index, true), (index, false)]
            } else {
                split.append(line)
                origin.append((index, false))
            }
        }
        // The widest indentation (4, 2, 1) under which no word has to be broken.
        let unit =
            [4, 2, 1].first { unit in
                split.allSatisfy { line in
                    let level = line.prefix(while: { $0 == " " }).count / 4
                    let longest =
                        line.split(separator: " ").map { TextLayout.columns(String($0)) }
                        .max() ?? 0
                    return level * unit + max(unit, 2) + longest <= width
                }
            } ?? 1
        var out: [(text: String, source: Int, movedComment: Bool)] = []
        for (line, from) in zip(split, origin) {
            let level = line.prefix(while: { $0 == " " }).count / 4
            let text = String(line.drop(while: { $0 == " " }))
            let indent = String(repeating: " ", count: level * unit)
            let whole = indent + text
            if TextLayout.columns(whole) <= width {
                out.append((whole, from.source, from.movedComment))
                continue
            }
            let comment = text.hasPrefix("// ")
            let body = comment ? String(text.dropFirst(3)) : text
            let lead = comment ? indent + "// " : indent
            let hanging = comment ? lead : indent + String(repeating: " ", count: max(unit, 2))
            let wrapped = TextWrap.rows(
                body.split(separator: " "), first: width - TextLayout.columns(lead),
                rest: width - TextLayout.columns(hanging))
            for (index, row) in wrapped.enumerated() {
                out.append(((index == 0 ? lead : hanging) + row, from.source, from.movedComment))
            }
        }
        return out
    }

    /// The statements `why` points at, by the line of `show code` they begin on.
    public enum Statement: Hashable, Sendable {
        /// Where the committed profile lives: ModelData, or ProfileHost's @State.
        case profileStorage
        case draftStorage
        /// The edition's own button's first statement (Cancel's reset, Done's commit).
        case buttonCopy
        case buttonEndsEditing
        case editButton
        case summaryBranch
        case editor
        case onAppear, onDisappear
    }

    /// The line of `show code` at `width` that `statement` begins on, if the wiring has it.
    public static func line(of statement: Statement, _ wiring: Wiring, width: Int) -> Int? {
        let (code, marks) = layout(wiring)
        guard let source = marks[statement] else { return nil }
        let rows = fitted(code, width: max(1, width))
        return rows.firstIndex { $0.source == source && !$0.movedComment }.map { $0 + 1 }
    }

    /// The rendering, unfitted.
    static func lines(_ wiring: Wiring) -> [String] { layout(wiring).lines }

    /// The rendering, and the line each statement `why` points at is on.
    private static func layout(_ wiring: Wiring) -> (lines: [String], marks: [Statement: Int]) {
        var marks: [Statement: Int] = [:]
        let release = wiring.buttons == .release
        let own = Wiring.preset(wiring.buttons)
        let edition = release ? "the release" : "the 2019 beta"
        let changed = wiring.changedPieces
        let inState = wiring.profile == .state
        let profile = inState ? "profile" : "modelData.profile"
        var out: [String] = [
            changed.isEmpty
                ? "// ProfileHost as wired now: \(edition)'s own wiring."
                : "// ProfileHost as wired now: \(edition)'s, with \(changed.count) piece\(changed.count == 1 ? "" : "s") changed (◆).",
            "// lprof's rendering in today's SwiftUI, from the pieces ('env wiring').",
            "// Comments cite the tutorial's write-ups by line: 002 is the release's",
            "// (ModelData, .sheet, Cancel), 000 the 2019 beta's (PresentationButton, Done).",
            "struct ProfileHost: View {",
            "    @Environment(\\.editMode) var editMode",
        ]
        out.append(note(.profile, wiring, own, indent: 4))
        marks[.profileStorage] = out.count
        out.append(
            inState
                ? "    @State private var profile = Profile.default"
                : "    @EnvironmentObject var modelData: ModelData")
        marks[.draftStorage] = out.count
        out += [
            "    @State private var draftProfile = Profile.default",
            "",
            "    var body: some View {",
            "        VStack(alignment: .leading, spacing: 20) {",
            "            HStack {",
            "                if editMode?.wrappedValue == .active {",
            "                    Button(\"\(release ? "Cancel" : "Done")\") {",
        ]
        let button: WiringPiece = release ? .cancelResets : .doneCommits
        out.append(note(button, wiring, own, indent: 24))
        if (wiring.cancelResets ?? wiring.doneCommits) == true {
            marks[.buttonCopy] = out.count
            out.append(
                release
                    ? "                        draftProfile = \(profile)"
                    : "                        \(profile) = draftProfile")
        }
        marks[.buttonEndsEditing] = out.count
        marks[.editButton] = out.count + 4
        marks[.summaryBranch] = out.count + 6
        marks[.editor] = out.count + 9
        out += [
            // 002:308 and 000:737 both end edit mode with an animation.
            "                        editMode?.animation().wrappedValue = .inactive",
            "                    }",
            "                }",
            "                Spacer()",
            release
                ? "                EditButton()  // ends editing: onDisappear below"
                : "                EditButton()  // while editing it cancels: onDisappear below",
            "            }",
            "            if editMode?.wrappedValue == .inactive {",
            "                ProfileSummary(profile: \(profile))",
            "            } else {",
            "                ProfileEditor(profile: $draftProfile)",
        ]
        out.append(note(.onAppear, wiring, own, indent: 20))
        if wiring.onAppear == .copy {
            marks[.onAppear] = out.count
            out.append("                    .onAppear { draftProfile = \(profile) }")
        }
        out.append(note(.onDisappear, wiring, own, indent: 20))
        if wiring.onDisappear != .none { marks[.onDisappear] = out.count }
        switch wiring.onDisappear {
        case .commit: out.append("                    .onDisappear { \(profile) = draftProfile }")
        case .reset: out.append("                    .onDisappear { draftProfile = \(profile) }")
        case .none: break
        }
        out += [
            "            }",
            "        }",
            "        .padding()",
            "    }",
            "}",
        ]
        return (out, marks)
    }

    /// The comment line for `piece`, marked `◆` with the edition's own value if the lab changed it.
    static func note(_ piece: WiringPiece, _ wiring: Wiring, _ own: Wiring, indent: Int) -> String {
        let value = wiring.setting(piece)?.valueText ?? ""
        let ownValue = own.setting(piece)?.valueText ?? ""
        let pad = String(repeating: " ", count: indent)
        let name = "\(piece.rawValue) \(value)"
        if value == ownValue {
            return pad + "// \(name) · \(source(piece, wiring.buttons))"
        }
        let whose = wiring.buttons == .release ? "the release" : "the beta"
        return pad + "// ◆ \(name) · \(whose) has \(ownValue), \(source(piece, wiring.buttons))"
    }

    /// Where the edition's own piece is written in the write-ups, by seed and lines.
    public static func source(_ piece: WiringPiece, _ buttons: Edition) -> String {
        switch (piece, buttons) {
        case (.onAppear, .release): return "002:318-320"
        case (.onAppear, .beta): return "000:750-753"
        case (.onDisappear, .release): return "002:321-323"
        case (.onDisappear, .beta): return "000:751-753"
        case (.cancelResets, _): return "002:306-307"
        case (.doneCommits, _): return "000:735-736"
        case (.profile, .release): return "002:207"
        case (.profile, .beta): return "000:728"
        }
    }
}
