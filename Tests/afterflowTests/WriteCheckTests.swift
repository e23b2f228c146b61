import Foundation
import Testing

/// No command writes a file that `check` rejects (issue 20, item 12): a date of 1850 given to a
/// writer is refused, and nothing is written.
@Suite("writers refuse what check rejects")
struct WriteCheckCommandTests {
    static let now = ["AFTERFLOW_NOW": Optional("2025-03-04T08:15:00-08:00")]

    /// The Markdown files of the vault outside its own folder and Templates/.
    private func documents(_ sandbox: Sandbox) -> [String] {
        sandbox.files(under: "vault").filter { $0.hasSuffix(".md") && !$0.hasPrefix(".afterflow/") && !$0.hasPrefix("Templates/") }
    }

    @Test("a command given a date of 1850 writes nothing",
          arguments: [["mood", "5", "--date", "1850-03-04 08:15"], ["assess", "gad7", "--answers", "0,1,0,1,0,1,0", "--date", "1850-03-04 08:15"],
                      ["trials", "start", "maya-t", "--date", "1850-03-04 08:15"]])
    func dateOf1850(_ command: [String]) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: "vault", environment: Self.now), 0)
            let before = documents(sandbox)
            _ = try sandbox.run(command, directory: "vault", environment: Self.now)
            #expect(documents(sandbox) == before, "\(command[0])")
        }
    }

    @Test("a Daylio row of 1850 is a rejected row, reported at its line; the other rows import with --skip-invalid")
    func daylioRowOf1850() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            try sandbox.write("export.csv", """
                full_date,date,weekday,time,mood,activities,note_title,note
                2025-03-03,March 3,Monday,9:15 pm,good,,,
                1850-03-04,March 4,Monday,7:40 am,meh,,,

                """)
            let result = try sandbox.run(["import", "daylio", sandbox.path("export.csv"), "--skip-invalid"], directory: "vault", environment: Self.now)
            #expect(sandbox.files(under: "vault/moods").filter { $0.hasSuffix(".md") }.map { String($0.prefix(4)) } == ["2025"], "\(result)")
        }
    }
}
