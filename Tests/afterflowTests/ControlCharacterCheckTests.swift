import Foundation
import Testing

/// `check` reports a control character in a value or a section at its exact place, and shows the
/// line without letting the character act on the terminal.
@Suite("check: control characters")
struct ControlCharacterCheckTests {
    @Test("an escape in a value and a NUL in the intention are errors with their line and column")
    func reported() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let path = "sessions/2024/2024-12-10-psilocybin.md"
            try FileManager.default.createDirectory(atPath: vault + "/sessions/2024", withIntermediateDirectories: true)
            try sandbox.write(vault + "/" + path, """
                ---
                id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
                date: 2024-12-10T14:30:00-08:00
                treatment: psilocybin
                dose: 3 g\u{1B}[2J
                mood_before: 5
                status: needs-reflection
                ---
                ## Intention

                To rest\u{0} deeply.

                """)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == """
                \(path):5:10: error: dose contains a control character, U+001B, where text was expected; remove it
                    dose: 3 g^[[2J
                             ^
                \(path):11:8: error: intention contains a control character, U+0000, where text was expected; remove it
                    To rest^@ deeply.
                           ^
                Checked 1 file: 2 errors, 0 warnings in 1 file.

                """, "\(result)")
        }
    }
}
