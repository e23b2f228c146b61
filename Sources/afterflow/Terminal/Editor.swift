import AfterflowKit
import Foundation

/// Runs the user's editor (`$VISUAL`, then `$EDITOR`, then `vi`) on a file and waits for it.
enum Editor {
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `path`; the editor command may carry its own arguments (`code --wait`).
    static func open(_ path: String) throws(VaultError) {
        let editor = command()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "afterflow-editor", path]
        do {
            try process.run()
        } catch {
            throw VaultError(.io, "cannot start the editor '\(editor)': \(error.localizedDescription)",
                             details: ["Set VISUAL or EDITOR to your editor, for example: export EDITOR=nano"])
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VaultError(.io, "the editor '\(editor)' exited with status \(process.terminationStatus); afterflow changed nothing",
                             details: ["Set VISUAL or EDITOR to your editor, for example: export EDITOR=nano"])
        }
    }
}
