package org.maestro.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.StartupCheck;
import org.maestro.agent.actions.LeftoverRules;
import org.maestro.agent.actions.ProcessSpec;
import org.maestro.agent.actions.Tools;
import org.maestro.agent.role.AgentRole;
import org.maestro.agent.run.ActionRunner;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.options.Durations;
import org.maestro.common.protocol.Role;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maestro-cli agent}: runs an agent peer on a SUT host, with the sources and processes it may act on. */
@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        header = "Run an agent peer that performs scripted actions on this host during tests.",
        description = {
            "The agent runs only extension-point sources it is allowed (--allow-source) and acts on the"
                    + " processes named with --process. Network faults need root and tc/iptables. See docs/agent.md."
        })
public final class AgentCommand extends MaestroCommand {
    @Mixin
    ControlBrokerOption broker;

    @Mixin
    PeerOptions peer;

    @Option(
            names = AgentConfig.ALLOW_SOURCE_OPTION,
            paramLabel = "PREFIX|DIR",
            description = "A git URL prefix or a directory the agent may take handlers from (repeatable).")
    List<String> allowedSources = new ArrayList<>();

    @Option(
            names = "--process",
            paramLabel = "NAME=SPEC",
            description = "A process the ready actions act on: name='command args' or name=pidfile:/run/x.pid "
                    + "[start command] (repeatable).")
    List<String> processes = new ArrayList<>();

    @Option(names = "--tool", paramLabel = "NAME=PATH", description = "Where tc, iptables, ip or kill is (repeatable).")
    List<String> tools = new ArrayList<>();

    @Option(
            names = ActionRunner.Limits.MAX_DURATION_OPTION,
            paramLabel = "DURATION",
            defaultValue = "1h",
            description = "How long one action may last (default: ${DEFAULT-VALUE}): a ready action asking for more"
                    + " is refused, any action still running after it is cancelled and its changes undone.")
    String maxActionDuration;

    @Option(
            names = "--work-dir",
            paramLabel = "DIR",
            defaultValue = "${env:MAESTRO_AGENT_WORK:-agent-work}",
            description = "Where sources are cloned (default: ${DEFAULT-VALUE}).")
    Path workDirectory;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(workDirectory);
        AgentConfig.Builder config = AgentConfig.builder(workDirectory.toAbsolutePath());
        for (String source : allowedSources) {
            if (source.contains("://") || source.startsWith("git@")) {
                config.allowGit(source);
            } else {
                config.allowDirectory(Path.of(source).toAbsolutePath());
            }
        }
        try {
            config.maxActionDuration(maxActionDuration());
            for (String process : processes) {
                config.process(ProcessSpec.parse(process));
            }
            for (String tool : tools) {
                String[] parts = tool.split("=", 2);
                if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                    throw new IllegalArgumentException(
                            "--tool " + tool + " is not NAME=PATH, e.g. --tool tc=/usr/sbin/tc");
                }
                config.tool(parts[0], Path.of(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        AgentConfig built = config.build();
        PrintWriter err = spec.commandLine().getErr();
        StartupCheck.warnings(built).forEach(warning -> err.println("WARNING: agent: " + warning));
        LeftoverRules.removeEverywhere(new Tools(built.tools())).forEach(line -> err.println("agent: " + line));
        err.flush();
        return PeerRunner.run(peer.config(broker, Role.AGENT), new AgentRole(built));
    }

    private Duration maxActionDuration() {
        if (!Durations.isDuration(maxActionDuration)) {
            throw new IllegalArgumentException(ActionRunner.Limits.MAX_DURATION_OPTION + " " + maxActionDuration
                    + " is not a duration: give " + Durations.FORMS);
        }
        return Durations.parse(maxActionDuration);
    }
}
