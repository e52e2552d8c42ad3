package org.maestro.topology.cli;

import java.util.concurrent.Callable;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code topology}: generate router/broker networks from one description, and run them on this machine. */
@Command(
        name = "topology",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        header = "Generate router/broker networks from one description, and run them on this machine.",
        subcommands = {GenerateCommand.class, UpCommand.class, DownCommand.class})
public final class TopologyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCode.OK.code();
    }
}
