import AfterflowKit
import ArgumentParser

/// Exit codes: 0 success, 1 a problem with the data, 64 bad usage (argument-parser's own).
enum Exit {
    static let dataProblem = ExitCode(1)
}

/// Prints `error: message` and its details to standard error.
func report(_ error: VaultError) {
    let err = ErrorStream.current
    err.write(err.style("error:", "1;31") + " " + error.message)
    for line in error.details { err.write(line) }
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
