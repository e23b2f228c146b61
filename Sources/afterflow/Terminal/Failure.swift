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
