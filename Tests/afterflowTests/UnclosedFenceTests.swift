import Foundation
import Testing

/// A code fence left open in a section hides every section after it: `check` says where, and
/// the writes that add or change a section refuse the file instead of writing into the fence.
@Suite("an unclosed code fence")
struct UnclosedFenceTests {
    static let path = "sessions/2024/2024-12-10-psilocybin.md"
    /// The fence opens on line 14, in the Intention.
    static let file = """
        ---
        id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2024-12-10T14:30:00-08:00
        treatment: psilocybin
        mood_before: 5
        status: needs-reflection
        ---
        # Psilocybin • Dec 10, 2024

        ## Intention

        To look at this:

        ```sh
        echo hello

        """

    func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        try FileManager.default.createDirectory(atPath: vault + "/sessions/2024", withIntermediateDirectories: true)
        try sandbox.write(vault + "/" + Self.path, Self.file)
        return vault
    }

    @Test("check reports the fence with its line, as a warning")
    func checkReportsIt() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == """
                \(Self.path):14:1: warning: expected a closing ``` for the code fence opened here, found the end of the file; the headings after it are read as code, not as sections
                    ```sh
                    ^
                Checked 1 file: 0 errors, 1 warning in 1 file.

                """, "\(result)")
        }
    }

    @Test("reflect refuses the file, names it and the fence's line, and gives the text back")
    func reflectRefuses() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            let result = try sandbox.run(["reflect", "6F1C2A8E", "Felt calm."], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                error: \(Self.path):14:1: the code fence ``` opened on line 14 is never closed, so a section written into this file would be hidden in it; close the ``` opened on line 14, then try again
                Your reflection was not saved; here it is, to keep:
                Felt calm.

                """, "\(result)")
            #expect(try sandbox.readText(vault + "/" + Self.path) == Self.file)
        }
    }

    @Test("set refuses a section change, even after a key that moves the lines, and keeps other keys settable")
    func setRefusesSections() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            // dose is added above the body first: the fence is on line 15 of the edited text, 14 on disk.
            let result = try sandbox.run(["set", Self.path, "dose=1 g", "reflections=Felt calm."], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                \(Self.path):14:1: error: the code fence ``` opened on line 14 is never closed, so a section written into this file would be hidden in it; close the ``` opened on line 14, then try again
                    ```sh
                    ^

                """, "\(result)")
            #expect(try sandbox.readText(vault + "/" + Self.path) == Self.file)

            let mood = try sandbox.run(["set", Self.path, "mood_after=7"], directory: vault)
            expectStatus(mood, 0)
            #expect(frontMatterValue(try sandbox.readText(vault + "/" + Self.path), "mood_after") == "7")
        }
    }

    @Test("once the fence is closed, the reflection goes into its own section")
    func closedFenceWorks() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            try sandbox.write(vault + "/" + Self.path, Self.file + "```\n")
            let result = try sandbox.run(["reflect", "6F1C2A8E", "Felt calm."], directory: vault)
            expectStatus(result, 0)
            let text = try sandbox.readText(vault + "/" + Self.path)
            #expect(text.contains("echo hello\n```\n\n## Reflections\n\n["), "\(text)")
            #expect(frontMatterValue(text, "status") == "complete")
        }
    }
}
