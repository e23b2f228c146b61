import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Runs a program in the foreground of the user's terminal, as git runs an editor, and waits.
    ///
    /// The program is spawned in afterflow's own process group (Foundation's `Process` gives it a group
    /// of its own, which is not the terminal's foreground group, so an editor is stopped as soon as it
    /// touches the terminal) and inherits standard input, output and error. While it runs, afterflow
    /// ignores SIGINT and SIGQUIT, so that Ctrl-C and Ctrl-\ reach the program; afterwards the
    /// signals' handlers and the terminal's attributes are put back, whatever the program did.
    ///
    /// `executable` is an absolute path; `environment` is the program's whole environment.
    /// `input` and `output`, when given, are descriptors the program gets as its standard input and
    /// output (the ends of pipes; `closing` lists descriptors it must not keep, like the other
    /// end), so that it can read and write a pipe while it asks on the terminal (/dev/tty).
    public static func runInForeground(_ executable: String, _ arguments: [String], environment: [String: String],
                                       input: Int32? = nil, output: Int32? = nil,
                                       closing: [Int32] = []) throws(LaunchFailure) -> Termination {
        let terminal = TerminalModes.save()
        defer { terminal?.restore() }

        // Ignored before the spawn, so that a Ctrl-C typed while it starts reaches the program; the
        // program gets the handlers afterflow had (an ignored signal stays ignored, as POSIX asks).
        let ignored = [SIGINT, SIGQUIT].map { ($0, signal($0, SIG_IGN)) }
        defer { for (number, previous) in ignored { _ = signal(number, previous) } }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for (number, previous) in ignored where !isIgnore(previous) { sigaddset(&defaults, number) }

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = ([executable] + arguments).map { strdup($0) }
        let environment = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environment { free(pointer) }
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO) }
        for descriptor in Set(closing + [input, output].compactMap { $0 }) where descriptor > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // No other descriptor of afterflow's reaches the program (see `ChildProcess.start`).
        var flags = Int32(POSIX_SPAWN_SETSIGDEF)
        Spawn.closeTheRest(&actions, flags: &flags)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], environment + [nil])
        guard started == 0 else { throw LaunchFailure(reason: String(cString: strerror(started))) }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw LaunchFailure(reason: String(cString: strerror(errno))) }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signalNumber)
    }

    private static func isIgnore(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The attributes of the terminal on the standard streams, saved to be put back.
private struct TerminalModes {
    let descriptor: Int32
    let attributes: termios

    /// The first standard stream that is a terminal, with its attributes; nil when none is.
    static func save() -> TerminalModes? {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where isatty(descriptor) == 1 {
            var attributes = termios()
            if tcgetattr(descriptor, &attributes) == 0 { return TerminalModes(descriptor: descriptor, attributes: attributes) }
        }
        return nil
    }

    /// Puts the attributes back when afterflow is in the terminal's foreground (from the
    /// background it would be stopped, and the terminal is another job's).
    func restore() {
        guard tcgetpgrp(descriptor) == getpgrp() else { return }
        var attributes = attributes
        while tcsetattr(descriptor, TCSADRAIN, &attributes) == -1 && errno == EINTR {}
    }
}
