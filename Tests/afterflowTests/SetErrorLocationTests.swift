import Foundation
import Testing

/// `set` refuses a file with errors and locates each error in the file as it is on disk, not in
/// the text it would have written.
@Suite("set: errors located on disk")
struct SetErrorLocationTests {
    static let path = "sessions/2024/2024-12-10-psilocybin.md"
    static let file = """
        ---
        id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2024-12-10T14:30:00-08:00
        treatment: psilocybin
        mood_before: eight
        status: draft
        ---
        ## Intention

        To see.

        """

    @Test("a key added above the error does not move the error's line")
    func keyAddedAboveTheError() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: vault + "/sessions/2024", withIntermediateDirectories: true)
            try sandbox.write(vault + "/" + Self.path, Self.file)
            // dose goes after treatment, on line 5 of the edited text, pushing mood_before to line 6.
            let result = try sandbox.run(["set", Self.path, "dose=1 g"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                \(Self.path):5:14: error: mood_before must be a whole number from 1 to 10, found "eight"
                    mood_before: eight
                                 ^
                error: \(Self.path) has errors; nothing was written
                Fix them with: afterflow edit \(Self.path)

                """, "\(result)")
            #expect(try sandbox.readText(vault + "/" + Self.path) == Self.file)
        }
    }

    @Test("a duplicate key below a removed line names the first key's line on disk")
    func duplicateBelowARemovedLine() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: vault + "/sessions/2024", withIntermediateDirectories: true)
            let file = Self.file
                .replacingOccurrences(of: "mood_before: eight\n", with: "mood_before: 5\nreminder: 2030-01-01\nflavour: a\nflavour: b\n")
            try sandbox.write(vault + "/" + Self.path, file)
            // Removing the reminder (line 6) moves the duplicate from line 8 to line 7 in the edited text.
            let result = try sandbox.run(["set", Self.path, "reminder="], directory: vault)
            expectStatus(result, 1)
            #expect(result.stderr == """
                \(Self.path):8:1: error: duplicate key 'flavour'; it is already set on line 7
                    flavour: b
                    ^
                error: \(Self.path) has errors; nothing was written
                Fix them with: afterflow edit \(Self.path)

                """, "\(result)")
            #expect(try sandbox.readText(vault + "/" + Self.path) == file)
        }
    }
}
