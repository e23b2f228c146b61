import AfterflowKit
import Foundation

// afterflow-bench: generates realistic vaults and measures the library on them.
//
//   afterflow-bench generate DIR COUNT [SEED]   write a vault of COUNT sessions into DIR
//   afterflow-bench parse DIR [ROUNDS]          parse + typed view of every file, one core
//   afterflow-bench wide DIR KEYS               a vault of one session with KEYS keys of its own
//   afterflow-bench practice DIR [CLIENTS] [WEEKS] [SEED]
//                                               a therapist's practice: 40 clients, 104 weekly sessions
//   afterflow-bench check-practice DIR          every practice file reads without a problem
//   afterflow-bench moods DIR [YEARS] [SEED]    ten years of three check-ins a day, monthly PHQ-9,
//                                               GAD-7 and sessions

// DIR (every command's second word) resolved against the current folder: the library takes
// absolute paths only.
let arguments = CommandLine.arguments.dropFirst().enumerated().map { index, word in
    index == 1 && !word.hasPrefix("/") ? FileManager.default.currentDirectoryPath + "/" + word : word
}[...]
switch arguments.first {
case "generate":
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 2, let count = Int(rest[1]) else { usage() }
    let seed = rest.count > 2 ? UInt64(rest[2]) ?? 1 : 1
    var generator = VaultGenerator(seed: seed)
    try generator.generate(into: rest[0], count: count)
case "parse":
    let rest = Array(arguments.dropFirst())
    guard let directory = rest.first else { usage() }
    let rounds = rest.count > 1 ? Int(rest[1]) ?? 7 : 7
    ParseBenchmark(directory: directory, rounds: rounds).run()
case "wide":
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 2, let keys = Int(rest[1]) else { usage() }
    try WideSession.generate(into: rest[0], keys: keys)
case "practice":
    let rest = Array(arguments.dropFirst())
    guard let directory = rest.first else { usage() }
    let numbers = rest.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
    guard numbers.count == rest.count - 1 else { usage() }
    var generator = PracticeGenerator(seed: numbers.count > 2 ? UInt64(numbers[2]) : 2)
    let summary = try generator.generate(into: directory, clients: numbers.first ?? 40, weeks: numbers.count > 1 ? numbers[1] : 104)
    print("\(summary.clients) clients, \(summary.goals) goals, \(summary.sessions) sessions, \(summary.trials) trials")
case "moods":
    let rest = Array(arguments.dropFirst())
    guard let directory = rest.first else { usage() }
    let numbers = rest.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
    guard numbers.count == rest.count - 1 else { usage() }
    var generator = MoodGenerator(seed: numbers.count > 1 ? UInt64(numbers[1]) : 3)
    let summary = try generator.generate(into: directory, years: numbers.first ?? 10)
    print("\(summary.checkIns) check-ins, \(summary.assessments) assessments, \(summary.sessions) sessions")
case "check-practice":
    guard let directory = arguments.dropFirst().first else { usage() }
    exit(PracticeCheck.run(directory))
default:
    usage()
}

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: afterflow-bench generate DIR COUNT [SEED]
               afterflow-bench parse DIR [ROUNDS]
               afterflow-bench wide DIR KEYS
               afterflow-bench practice DIR [CLIENTS] [WEEKS] [SEED]
               afterflow-bench check-practice DIR
               afterflow-bench moods DIR [YEARS] [SEED]

        """.utf8))
    exit(64)
}
