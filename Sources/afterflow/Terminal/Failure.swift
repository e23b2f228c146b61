import AfterflowKit
import ArgumentParser

/// Exit codes: 0 success, 1 a problem with the data, 64 bad usage (argument-parser's own).
enum Exit {
    static let dataProblem = ExitCode(1)
}

/// Prints `error: message` and its details to standard error, with the control characters of
/// the values they quote shown.
func report(_ error: VaultError) {
    let err = ErrorStream.current
    err.write(err.style("error:", "1;31") + " " + error.message.visible())
    for line in error.details { err.write(line.visible()) }
}

/// Runs a command's body, turning the library's errors into a message and exit code 1.
@discardableResult
func withVaultErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as VaultError {
        report(error)
        throw Exit.dataProblem
    }
}

/// A bad value found while a command runs (after argument parsing): the message and a pointer to
/// the command's own help, then exit 64, as argument-parser does for errors it finds itself.
func usageError(_ message: String, command: String) -> ExitCode {
    let err = ErrorStream.current
    err.write(err.style("Error:", "1;31") + " " + message.visible())
    err.write("  See 'afterflow \(command) --help' for more.")
    return ExitCode.validationFailure
}

/// A change `set` or `new --resume` cannot make. A bad value is a usage error (exit 64); a
/// refusal located in the file (a code fence left open) is the file's problem, printed at its
/// place with the line, then exit 1.
func rejected(_ rejection: SessionEditor.Rejection, path: String, source: Document, vault: Vault, command: String) -> ExitCode {
    guard let location = rejection.location else { return usageError(rejection.message, command: command) }
    DiagnosticPrinter(vault: vault).print(Diagnostic(.error, rejection.message, at: location, path: path), source: source)
    return Exit.dataProblem
}
