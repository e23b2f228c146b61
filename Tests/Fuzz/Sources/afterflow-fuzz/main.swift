import CLibFuzzer
import Foundation
import FuzzProperties

// FUZZ_TARGET=NAME afterflow-fuzz [libFuzzer flags] [corpus folders]
//
// SwiftPM gives an executable its own `main`, so libFuzzer is started through LLVMFuzzerRunDriver
// rather than by its own main. The target is named in the environment, which the processes
// libFuzzer starts itself (-merge, -fork, -jobs) inherit with their own flags.
// A violated property stops the run with a message, which libFuzzer reports as a crash and saves.

/// The target this run checks, chosen once before the fuzzer starts.
enum Selected {
    nonisolated(unsafe) static var target: FuzzTarget?
}

/// One input through the selected target's property; libFuzzer's entry point as well.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = Selected.target else { return 0 }
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let violations = target.check(bytes)
    if !violations.isEmpty {
        fatalError("\(target.name): " + violations.joined(separator: "\n"))
    }
    return 0
}

let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
guard let target = FuzzTarget.named(name) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: FUZZ_TARGET=NAME afterflow-fuzz [libFuzzer flags] [corpus folders]\n  NAME: one of \(names)\n".utf8))
    exit(2)
}
Selected.target = target

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
