@testable import AfterflowKit
import Foundation
import Testing

@Suite struct BatchCreateTests {
    func values(_ day: Int, _ treatment: Treatment = .lsd) -> SessionValues {
        var values = SessionValues(date: LocalDate(year: 2024, month: 5, day: day, time: .init(hour: 10, minute: 0, second: 0)),
                                   treatment: treatment, created: LocalDate(year: 2024, month: 5, day: day))
        values.intention = "Listen."
        values.moodBefore = 5
        return values
    }

    @Test func writesEveryFileInCanonicalFormPrivateAndNamesClashesApart() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        try temp.write("sessions/2024/2024-05-01-lsd.md", sessionText(id: "11111111-1111-4111-8111-111111111111"))
        var draft = values(3)
        draft.moodBefore = nil
        let template = try store.template()
        let first = values(1)
        let paths = try store.createAll([first, values(1), values(2, .mdma), draft].map { try store.prepare($0, template: template) })
        #expect(paths == ["sessions/2024/2024-05-01-lsd-2.md", "sessions/2024/2024-05-01-lsd-3.md", "sessions/2024/2024-05-02-mdma.md",
                          ".afterflow/drafts/2024-05-03-lsd.md"])
        for path in paths {
            #expect(try temp.mode(path) == 0o600)
            let session = Session(parsing: try temp.read(path))
            #expect(!session.diagnostics.hasErrors)
        }
        #expect(try temp.read(paths[0]) == SessionTemplate.builtIn.render(first, timeZone: try temp.vault.timeZone))
        #expect(!temp.files(under: "sessions").contains { $0.hasSuffix(".tmp") }, "no temporary file is left")
    }

    @Test func refusesToReplaceAFileAndLeavesNoTemporaryFiles() throws {
        let temp = try TemporaryVault()
        try temp.write("out/b.md", "mine")
        #expect(throws: VaultError.self) {
            try FileIO.createAll([(temp.root + "/out/a.md", Array("a".utf8)), (temp.root + "/out/b.md", Array("b".utf8)),
                                  (temp.root + "/out/c.md", Array("c".utf8))])
        }
        #expect(try temp.read("out/b.md") == "mine")
        #expect(temp.files(under: "out") == ["a.md", "b.md"])
    }

    @Test func textThatWouldNotReadBackIsFlagged() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        var fenced = values(1)
        fenced.intention = "Listen\n```"
        fenced.reflections = "Calm."
        #expect(try store.prepare(fenced, template: store.template()).changedFields == ["intention", "reflections"])
        #expect(try store.prepare(values(1), template: store.template()).changedFields.isEmpty)
    }
}
