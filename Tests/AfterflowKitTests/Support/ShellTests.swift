@testable import AfterflowKit
import Foundation
import Testing

/// `Shell.quote`: a real shell reads each quoted word back as the word itself.
@Suite struct ShellTests {
    @Test(arguments: [
        ("sessions/2024/2024-12-10-psilocybin.md", "sessions/2024/2024-12-10-psilocybin.md"),
        ("6F1C2A8E", "6F1C2A8E"),
        ("--vault", "--vault"),
        ("/tmp/My Jöurnal 🌿", "'/tmp/My Jöurnal 🌿'"),
        ("Jöurnal", "'Jöurnal'"),
        ("It's", "'It'\\''s'"),
        ("", "''"),
        ("~/Journal", "'~/Journal'"),
        ("=cmd", "'=cmd'"),
        ("a=b", "a=b"),
        ("$HOME `x` \"y\" *", "'$HOME `x` \"y\" *'"),
        ("a\nb", "$'a\\nb'"),
        ("x\u{1B}]0;t\u{7}", "$'x\\e]0;t\\x07'"),
        ("c1\u{9B}'\\", "$'c1\\xC2\\x9B\\'\\\\'"),
    ])
    func quoted(word: String, expected: String) {
        #expect(Shell.quote(word) == expected)
    }

    @Test func command() {
        #expect(Shell.command(["init", "/tmp/My Jöurnal 🌿"]) == "afterflow init '/tmp/My Jöurnal 🌿'")
    }

    /// Words without controls go through sh (dash here) and bash; words with them through bash,
    /// which reads `$'…'` (as zsh and ksh do).
    @Test(arguments: ["plain", "/tmp/My Jöurnal 🌿", "It's a 'quote'", "", "~/x", "=x", "$HOME `x` \"y\" * ? [a] {b} ; & | < > ( ) # !",
                      "tab\there", "a\nb", "esc\u{1B}[8m", "bel\u{7} del\u{7F} c1\u{9B}", "back\\slash'quote\n"])
    func readsBack(_ word: String) throws {
        let hasControls = word.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        for shell in hasControls ? ["/bin/bash"] : ["/bin/sh", "/bin/bash"] where FileManager.default.isExecutableFile(atPath: shell) {
            let ran = try TestProgram.run(shell, ["-c", "printf '%s' " + Shell.quote(word)],
                                          environment: ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"])
            #expect(ran.succeeded)
            #expect(ran.text == word, "\(shell) read \(Shell.quote(word))")
        }
    }
}
