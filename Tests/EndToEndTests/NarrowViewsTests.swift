import Foundation
import Testing

/// Views at a narrow terminal through the real binary (issue 35, SPEC §5): a line is cut
/// before its value, never the value, and `show code` wraps rather than cuts.
@Suite struct NarrowViewsTests {
    static func run(_ text: String, columns: Int) throws -> LprofProcess.Result {
        let home = FileManager.default.temporaryDirectory.path
        return try LprofProcess.run(
            ["--memory", "--now", "2026-11-30", "-c", text],
            environment: LprofProcess.environment(home: home, extra: ["COLUMNS": "\(columns)"]))
    }

    @Test func theEditorAtThirtyColumnsKeepsEveryValue() throws {
        let r = try Self.run("edit on; show editor; cancel", columns: 30)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                Username: g_kumar
                Enable Notifications: [✓] On
                Seasonal Photo: 🌷 🌞 🍂 [☃️]
                Goal Date: November 30, 2026
                Allowed:
                  November 30, 2025 –
                  November 30, 2027
                  (2025-11-30 … 2027-11-30)

                """)
        let narrow = try Self.run("edit on; set season autumn; show editor; cancel", columns: 14)
        #expect(narrow.stdout.contains("[🍂]"), "\(narrow.stdout)")
    }

    @Test func showCodeAtThirtyColumnsCutsNothing() throws {
        let r = try Self.run("show code", columns: 30)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("…"))
        for token in [
            "struct ProfileHost: View {", "EditButton()", "// ends editing:",
            "ProfileSummary(profile:", "modelData.profile)", ".onAppear { draftProfile",
        ] {
            #expect(r.stdout.contains(token), "\(token) in \(r.stdout)")
        }
        for line in r.stdout.split(separator: "\n") {
            #expect(line.count <= 30, "\(line)")
        }
    }
}
