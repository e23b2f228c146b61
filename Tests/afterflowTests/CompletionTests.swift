import Foundation
import Testing

/// `afterflow --generate-completion-script`, which `make install` installs for bash, zsh and fish.
@Suite("shell completion")
struct CompletionTests {
    @Test("the script for each shell names every subcommand", arguments: ["bash", "zsh", "fish"])
    func namesEverySubcommand(shell: String) throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["--generate-completion-script", shell])
            expectStatus(result, 0)
            #expect(result.stdout.count > 1000)
            for name in HelpTests.subcommands {
                #expect(result.stdout.contains(name), "\(shell) completes \(name)")
            }
            // fish spells options `-l 'vault'`, the others `--vault`.
            #expect(result.stdout.contains(shell == "fish" ? "-l 'vault'" : "--vault"))
        }
    }

    /// bash, driven as it completes `afterflow li<TAB>` and `afterflow list --so<TAB>`.
    @Test("bash reads the script and completes subcommands and options")
    func bashCompletes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash"), let binary = afterflowBinary else { return }
        try withSandbox { sandbox in
            let script = try sandbox.run(["--generate-completion-script", "bash"])
            try sandbox.write("afterflow.bash", script.stdout)
            try FileManager.default.createDirectory(atPath: sandbox.path("bin"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: sandbox.path("bin/afterflow"), withDestinationPath: binary)
            func complete(_ words: [String]) throws -> [String] {
                let line = words.joined(separator: " ")
                let program = """
                    source '\(sandbox.path("afterflow.bash"))'
                    COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                    COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
                    function=$(complete -p afterflow | sed 's/.*-F \\([^ ]*\\).*/\\1/')
                    "$function" afterflow '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
                    printf '%s\\n' "${COMPREPLY[@]}"
                    """
                let ran = try TestProgram.run("/bin/bash", ["-c", program],
                                              environment: ["PATH": sandbox.path("bin") + ":/usr/bin:/bin", "HOME": sandbox.home])
                return ran.text.split(separator: "\n").map(String.init)
            }
            #expect(try complete(["afterflow", "li"]) == ["list"])
            #expect(try complete(["afterflow", "list", "--so"]) == ["--sort"])
        }
    }
}
