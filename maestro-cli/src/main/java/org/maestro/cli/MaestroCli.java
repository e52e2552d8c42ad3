package org.maestro.cli;

import org.maestro.common.cli.CommandErrors;
import org.maestro.common.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code maestro-cli} root command: lists the subcommands; each subcommand is a class of its own. */
@Command(
        name = "maestro-cli",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        header = "Maestro: distributed performance tests of messaging systems.",
        description = {
            "Runs Groovy test scripts against an AMQP 1.0 broker or router, drives sender, receiver,"
                    + " inspector and agent peers through an MQTT control broker, and reports the results."
        },
        subcommands = {
            RunCommand.class,
            WorkerCommand.class,
            InspectorCommand.class,
            AgentCommand.class,
            PingCommand.class,
            StatusCommand.class,
            org.maestro.agent.cli.AgentInitCommand.class,
            org.maestro.topology.cli.TopologyCommand.class,
            org.maestro.reporter.cli.ReportCommand.class,
            org.maestro.reporter.cli.CompareCommand.class,
            org.maestro.reporter.cli.TrendCommand.class,
            CommandLine.HelpCommand.class
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  all tests passed / command succeeded",
            "  1  a test failed, or a comparison found a regression",
            "  2  usage, parameter or script error",
            "  3  infrastructure error: control broker unreachable, peers missing, I/O error"
        },
        usageHelpAutoWidth = true)
public final class MaestroCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds the command line with its subcommands and the project's error handling. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new MaestroCli());
        for (Object subcommand : Subcommands.extra()) {
            commandLine.addSubcommand(subcommand);
        }
        withVersion(commandLine);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        return CommandErrors.install(commandLine);
    }

    /** Gives every command without a version of its own Maestro's, so that {@code -V} prints it everywhere. */
    private static void withVersion(CommandLine command) {
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        if (spec.versionProvider() == null && spec.version().length == 0) {
            spec.versionProvider(new VersionProvider());
        }
        command.getSubcommands().values().forEach(MaestroCli::withVersion);
    }

    public static void main(String[] args) {
        int code = commandLine().execute(args);
        System.exit(code);
    }
}
