import Foundation
import Testing

/// Printing a journal must not touch the network (#14): the browser resolves no host, and in a
/// network namespace of its own nothing it tries can leave the machine. Watched with strace.
@Suite("export pdf makes no network connection")
struct PrintPrivacyTests {
    static let strace = BrowserTests.onPath(["strace"])

    /// The calls of an strace log (`-f`, one process a line prefix) that reached an address that
    /// is not this machine's loopback and did not fail: a call split into `<unfinished ...>` and
    /// `<... resumed>` is joined first.
    static func outsideConnections(_ log: String) -> [String] {
        var pending: [String: String] = [:]
        var complete: [String] = []
        for line in log.split(separator: "\n").map(String.init) {
            let pid = String(line.prefix { $0 != " " })
            if line.hasSuffix("<unfinished ...>") {
                pending[pid] = line
            } else if line.contains("resumed>") {
                complete.append((pending.removeValue(forKey: pid) ?? "") + " " + line)
            } else {
                complete.append(line)
            }
        }
        return complete.filter { call in
            guard call.contains("sa_family=AF_INET") else { return false }
            let loopback = call.contains("inet_addr(\"127.") || call.contains("\"::1\"") || call.contains("\"::ffff:127.")
            guard !loopback else { return false }
            // `= -1 ENETUNREACH`: refused by the empty namespace, nothing sent.
            guard let result = call.range(of: "= ", options: .backwards) else { return true }
            return !call[result.upperBound...].hasPrefix("-1")
        }
    }

    @Test("no connection but loopback while Chromium prints ExampleVault",
          .enabled(if: BrowserTests.chromium != nil && strace != nil, "needs chromium and strace ('make test' installs them)"))
    func noConnection() throws {
        let strace = try #require(Self.strace)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let log = sandbox.path("strace.log")
            let ran = try TestProgram.run(strace, ["-f", "-qq", "-e", "trace=connect,sendto", "-o", log,
                                                   binary, "export", "pdf", "--vault", vault, "-o", sandbox.path("r.pdf")])
            #expect(ran.succeeded, "\(ran)")
            #expect(try sandbox.read("r.pdf").starts(with: Data("%PDF".utf8)))
            let calls = Self.outsideConnections(try sandbox.readText("strace.log"))
            #expect(calls.isEmpty, "\(calls.joined(separator: "\n"))")
        }
    }

    @Test func theLogReaderJoinsSplitCallsAndKeepsOnlyWhatLeftTheMachine() {
        let log = """
            10 connect(19, {sa_family=AF_INET, sin_port=htons(4697), sin_addr=inet_addr("127.0.0.1")}, 16) = 0
            11 connect(18, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.255.255.53")}, 16 <unfinished ...>
            12 connect(5, {sa_family=AF_UNIX, sun_path="/run/dbus/system_bus_socket"}, 110) = 0
            13 connect(23, {sa_family=AF_INET6, sin6_port=htons(443), inet_pton(AF_INET6, "2001:4860:4860::8888", &sin6_addr)}, 28 <unfinished ...>
            11 <... connect resumed>) = 0
            13 <... connect resumed>)            = -1 ENETUNREACH (Network is unreachable)
            14 connect(3, {sa_family=AF_INET6, sin6_port=htons(80), inet_pton(AF_INET6, "::1", &sin6_addr)}, 28) = 0
            """
        let found = Self.outsideConnections(log)
        #expect(found.count == 1)
        #expect(found.first?.contains("10.255.255.53") == true)
    }
}
