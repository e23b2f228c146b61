import AfterflowKit
import Foundation

/// Parse plus typed view of every session file, from memory, on one core: files per second.
struct ParseBenchmark {
    let directory: String
    let rounds: Int

    func run() {
        let vault: Vault
        do {
            vault = try Vault(root: directory)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
        let paths = VaultScanner.documentPaths(in: vault)
        let files = paths.compactMap { try? FileIO.read(directory + "/" + $0) }
        let bytes = files.reduce(0) { $0 + $1.count }
        var rates: [Double] = []
        var checksum = 0
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for file in files {
                let session = Session(document: Document(bytes: file))
                checksum &+= (session.moodBefore ?? 0) &+ session.intention.utf8.count &+ session.diagnostics.count
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            rates.append(Double(files.count) / seconds)
        }
        rates.sort()
        let median = rates[rates.count / 2]
        print(String(format: "parse+view: %d files, %.1f MB, median %.0f files/s (min %.0f, max %.0f) over %d rounds, one core [checksum %d]",
                     files.count, Double(bytes) / 1e6, median, rates.first ?? 0, rates.last ?? 0, rounds, checksum))
    }
}
