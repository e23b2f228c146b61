import CLibFuzzer
import Foundation
import FuzzProperties

// afterflow-fuzz TARGET [libFuzzer flags] [corpus folders]
//
// SwiftPM gives an executable its own `main`, so libFuzzer is started through LLVMFuzzerRunDriver
// rather than by its own main. The first argument names the target; the rest are libFuzzer's.
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

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.named(arguments[1]) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: afterflow-fuzz TARGET [libFuzzer flags] [corpus folders]\n  targets: \(names)\n".utf8))
    exit(2)
}
Selected.target = target

// Drop the target's name: the program's name moves into its place, and libFuzzer reads the rest.
var argc = CommandLine.argc - 1
let argv = CommandLine.unsafeArgv
argv[1] = argv[0]
var shifted: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
exit(LLVMFuzzerRunDriver(&argc, &shifted, fuzzOne))
