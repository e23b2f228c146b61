@testable import AfterflowKit
import Foundation
import Testing

/// The library reads no clock, environment variable or current folder of its own (issue 21): what
/// the caller passes in is what it uses.
@Suite struct PassedInTests {
    @Test("save takes the time it is given: a draft dated years ahead goes into the journal when now is after its date")
    func theClockPassedToSaveDecidesWhereAFinishedDraftGoes() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let date = try #require(LocalDate.parse("2031-05-06T18:00:00-07:00"))
        var values = SessionValues(date: date, treatment: .ketamine, created: date)
        values.intention = "Let go."
        values.moodBefore = 4
        let planned = date.date(in: try temp.vault.timeZone)
        let created = try store.create(values, now: planned.addingTimeInterval(-3600))
        let entry = VaultEntry(path: created.path, bytes: try FileIO.read(try temp.vault.path(created.path)))
        let edited = try SessionEditor(timeZone: try temp.vault.timeZone).setting("environment", to: "Home.", in: entry.document)
        #expect(try store.save(edited, over: entry, now: planned.addingTimeInterval(3600)) == "sessions/2031/2031-05-06-ketamine.md")
    }

    @Test("a vault named ~/… is found in the HOME of the environment given, not the process's")
    func aTildeIsTheHomeOfTheEnvironmentPassedIn() throws {
        let temp = try TemporaryVault()
        let home = FileIO.parentPath(of: temp.root)
        let name = String(temp.root.dropFirst(home.count + 1))
        let found = try Vault.locate(explicit: nil, environment: ["HOME": home, "AFTERFLOW_VAULT": "~/" + name], from: "/")
        #expect(found.root == temp.root)
    }

    @Test("a temporary folder goes into the folder given, not $TMPDIR")
    func aTemporaryFolderGoesWhereTheCallerSays() throws {
        let temp = try TemporaryVault()
        let folder = try FileIO.makeTemporaryFolder(prefix: "afterflow-test", in: temp.root)
        defer { FileIO.removeTree(folder) }
        #expect(FileIO.parentPath(of: folder) == temp.root)
    }
}
