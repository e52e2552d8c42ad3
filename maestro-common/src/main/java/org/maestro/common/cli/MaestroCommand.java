package org.maestro.common.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The base of every Maestro command: the diagnostic switches each one takes ({@link DiagnosticOptions}, which the
 * shared error handler reads) and the command's own picocli spec, for its output streams and its usage. A command
 * extends it and implements {@link #call()}, returning an {@link ExitCode}'s code.
 *
 * <pre>{@code
 * @Command(name = "ping", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class)
 * public final class PingCommand extends MaestroCommand {
 *     public Integer call() {
 *         spec.commandLine().getOut().println("…");
 *         return ExitCode.OK.code();
 *     }
 * }
 * }</pre>
 */
public abstract class MaestroCommand implements Callable<Integer> {
    /** {@code -x/--stacktrace} and {@code --verbose}. */
    @Mixin
    protected DiagnosticOptions diagnostics;

    /** This command as picocli parsed it. */
    @Spec
    protected CommandSpec spec;
}
