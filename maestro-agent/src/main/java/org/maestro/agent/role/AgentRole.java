package org.maestro.agent.role;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.actions.Privileges;
import org.maestro.agent.actions.ProcessSupervisor;
import org.maestro.agent.actions.ReadyAction;
import org.maestro.agent.actions.ReadyActions;
import org.maestro.agent.actions.Tools;
import org.maestro.agent.handler.Action;
import org.maestro.agent.run.ActionOutcome;
import org.maestro.agent.run.ActionRecord;
import org.maestro.agent.run.ActionRunner;
import org.maestro.agent.run.ActionTimeline;
import org.maestro.agent.run.ParsedCommand;
import org.maestro.agent.run.Restorations;
import org.maestro.agent.run.RunningAction;
import org.maestro.agent.source.ExtensionSource;
import org.maestro.agent.source.SourceFetcher;
import org.maestro.agent.source.SourcePolicy;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent role of a peer: takes an extension-point source (AGENT_SOURCE), runs commands (USER_COMMAND_1) as
 * actions on their own threads — a handler of the source (a script or a program), or a ready action — answers OK
 * when an action starts and notifies NOTIFY_SUCCESS or NOTIFY_FAIL when it ends, and on STOP_AGENT or HALT cancels
 * the actions and puts back what they changed. Requests come from the peer's control thread; actions end on their
 * own threads.
 *
 * <pre>{@code
 * Role agent = new AgentRole(AgentConfig.builder(workDir).allowGit("https://git.example.com/qe/").build());
 * // AGENT_SOURCE ("https://git.example.com/qe/router-actions.git", "main") -> clone, OK
 * // START_AGENT -> OK;  USER_COMMAND_1 ("shutdown 60") -> OK, then NOTIFY_SUCCESS about 60 s later
 * }</pre>
 */
public final class AgentRole implements RoleBehaviour {
    private static final Logger LOG = LoggerFactory.getLogger(AgentRole.class);
    private static final Set<Command> COMMANDS =
            EnumSet.of(Command.START_AGENT, Command.STOP_AGENT, Command.AGENT_SOURCE, Command.USER_COMMAND_1);

    private final AgentConfig config;
    private final MicroClock clock;
    private final SourceFetcher fetcher;
    private final ProcessSupervisor processes;
    private final ReadyActions readyActions;
    private final Restorations restorations = new Restorations();
    private final ActionRunner runner;
    private final List<ExtensionSource> retired = new ArrayList<>();
    private volatile ExtensionSource source;
    private volatile PeerContext context;
    private volatile boolean started;

    /** An agent with the system clock, checking its network rights in {@code /proc/self/status}. */
    public AgentRole(AgentConfig config) {
        this(config, MicroClock.system(), Privileges::hasNetAdmin);
    }

    /**
     * @param clock    the clock of the action timeline (written in epoch milliseconds)
     * @param netAdmin whether the agent may change network settings
     */
    public AgentRole(AgentConfig config, MicroClock clock, BooleanSupplier netAdmin) {
        this.config = config;
        this.clock = clock;
        Tools tools = new Tools(config.tools());
        Path work = config.workDirectory();
        this.fetcher = new SourceFetcher(
                new SourcePolicy(config.allowedGitPrefixes(), config.allowedDirectories()),
                work.resolve("sources"),
                config.fetchTimeout());
        this.processes = new ProcessSupervisor(
                config.processes(), work.resolve("processes"), tools, java.time.Duration.ofSeconds(10));
        this.readyActions = new ReadyActions(processes, tools, netAdmin, config.maxActionDuration());
        this.runner = new ActionRunner(
                config.maxRunningActions(),
                new ActionRunner.Limits(config.maxActionDuration(), config.stopGrace()),
                restorations,
                readyActions,
                clock,
                this::ended);
    }

    @Override
    public Role role() {
        return Role.AGENT;
    }

    @Override
    public Set<Command> commands() {
        return COMMANDS;
    }

    @Override
    public Payload handle(Note request, PeerContext peer) throws RoleException {
        this.context = peer;
        switch (request.command()) {
            case START_AGENT -> start();
            case STOP_AGENT -> stop("cancelled by STOP_AGENT");
            case AGENT_SOURCE -> {
                if (!(request.payload() instanceof Payload.AgentSource given)) {
                    throw new RoleException(ErrorCodes.INVALID_OPTION, "AGENT_SOURCE carries no source");
                }
                setSource(given.source(), given.branch());
            }
            case USER_COMMAND_1 -> {
                if (!(request.payload() instanceof Payload.Text text)) {
                    throw new RoleException(ErrorCodes.INVALID_OPTION, "USER_COMMAND_1 carries no command");
                }
                command(text.text(), peer);
            }
            default -> throw RoleException.unsupported(request.command(), role());
        }
        return Payload.Empty.INSTANCE;
    }

    private void start() throws RoleException {
        try {
            processes.startSupervised(line -> LOG.info("{}", line));
        } catch (Exception e) {
            throw new RoleException(ErrorCodes.OTHER, "the agent could not start its processes: " + e.getMessage(), e);
        }
        started = true;
    }

    private void stop(String reason) throws RoleException {
        started = false;
        int cancelled = runner.stopAll(reason, config.stopGrace());
        List<String> failures = new ArrayList<>();
        int restored = restorations.runAll(failures::add);
        LOG.info("agent stopped: {} actions cancelled, {} changes restored", cancelled, restored);
        if (!failures.isEmpty()) {
            throw new RoleException(
                    ErrorCodes.OTHER, "the agent stopped, but could not put back: " + String.join("; ", failures));
        }
    }

    private void setSource(String given, String branch) throws RoleException {
        ExtensionSource fetched = fetcher.fetch(given, branch);
        ExtensionSource previous = source;
        source = fetched;
        Thread precompile = new Thread(
                () -> {
                    try {
                        fetched.precompile().forEach(problem -> LOG.warn("{}", problem));
                    } catch (RuntimeException e) {
                        LOG.warn("could not precompile the handlers of {}: {}", fetched.describe(), e.toString());
                    }
                },
                "agent-precompile");
        precompile.setDaemon(true);
        precompile.start();
        if (previous != null) {
            synchronized (retired) {
                retired.add(previous);
            }
        }
        if (!busy()) {
            discardRetired();
        }
    }

    private void discardRetired() {
        List<ExtensionSource> old;
        synchronized (retired) {
            old = new ArrayList<>(retired);
            retired.clear();
        }
        old.forEach(fetcher::discard);
    }

    /** Discards the retired sources and the current one, which the agent then has no more. */
    private void discardSources() {
        discardRetired();
        ExtensionSource current = source;
        source = null;
        if (current != null) {
            fetcher.discard(current);
        }
    }

    private void command(String text, PeerContext peer) throws RoleException {
        if (!started) {
            throw new RoleException(
                    ErrorCodes.OTHER, "the agent is not started: send START_AGENT before the command '" + text + "'");
        }
        ParsedCommand command;
        try {
            command = ParsedCommand.parse(text);
        } catch (IllegalArgumentException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage(), e);
        }
        ExtensionSource current = source;
        ExtensionSource.checkName(command.name());
        Action action = null;
        Optional<Path> sourceDirectory = Optional.empty();
        Map<String, String> labels = new LinkedHashMap<>();
        Optional<Path> script = current == null ? Optional.empty() : current.handler(command.name());
        if (script.isPresent()) {
            action = current.action(script.get());
            sourceDirectory = Optional.of(current.root());
            labels.put("source", UrlRedactor.redact(current.origin()));
            current.commit().ifPresent(commit -> labels.put("commit", commit));
            labels.put("handler", current.root().relativize(script.get()).toString());
        } else {
            Optional<ReadyAction> ready = readyActions.get(command.name());
            if (ready.isPresent()) {
                action = ready.get().prepare(command.args());
                labels.put("handler", "ready action " + command.name());
            }
        }
        if (action == null) {
            throw new RoleException(
                    ErrorCodes.UNSUPPORTED,
                    "no handler for '" + command.name() + "': "
                            + (current == null
                                    ? "no agent source is set (send AGENT_SOURCE)"
                                    : current.describe() + " has no " + ExtensionSource.HANDLERS + "/" + command.name()
                                            + ExtensionSource.EXTENSION + " nor an executable "
                                            + ExtensionSource.HANDLERS + "/" + command.name() + " (it has "
                                            + String.join(", ", current.handlerNames()) + ")")
                            + ", and it is not a ready action ("
                            + String.join(
                                    ", ",
                                    readyActions.all().stream()
                                            .map(ReadyAction::name)
                                            .toList()) + ")");
        }
        Path resultDirectory;
        try {
            resultDirectory = peer.resultDirectory();
        } catch (IOException e) {
            throw new RoleException(
                    ErrorCodes.IO,
                    "cannot create the result directory for the action '" + text + "': " + e.getMessage(),
                    e);
        }
        runner.start(command, action, peer.options(), resultDirectory, sourceDirectory, labels);
    }

    private void ended(RunningAction action, ActionRecord record) {
        PeerContext peer = context;
        if (peer == null) {
            return;
        }
        Map<String, String> details = new LinkedHashMap<>();
        details.put("action", record.id());
        details.put("command", record.command());
        details.put("start", Long.toString(record.start()));
        details.put("end", Long.toString(record.end()));
        details.put("outcome", record.outcome().label());
        details.putAll(action.labels());
        if (!action.latestProgress().isEmpty()) {
            details.put("progress", action.latestProgress());
        }
        if (action.result() != null) {
            details.put("result", String.valueOf(action.result()));
        }
        if (action.logFile() != null) {
            details.put("log", action.logFile().getFileName().toString());
        }
        details.put("output", action.output(config.maxOutputChars()));
        String how = switch (record.outcome()) {
            case SUCCESS -> "succeeded: ";
            case CANCELLED -> "was cancelled: ";
            default -> "failed: ";
        };
        String message = "action " + record.id() + " (" + record.command() + ") " + how + record.message();
        peer.notify(
                record.outcome() == ActionOutcome.SUCCESS ? Command.NOTIFY_SUCCESS : Command.NOTIFY_FAIL,
                message,
                details);
        if (!busy()) {
            discardRetired();
        }
    }

    @Override
    public Payload.Stats stats() {
        return new Payload.Stats(
                role().label(),
                clock.nowMicros() / 1_000,
                runner.startedCount(),
                runner.running().size(),
                0,
                runner.failedCount());
    }

    @Override
    public void flush() throws IOException {
        runner.timeline().writeAll();
    }

    @Override
    public boolean busy() {
        return !runner.running().isEmpty();
    }

    /**
     * Forgets the last test: its extension-point source (a test that sets none gets the ready actions only), the
     * started state, and the timeline and counts of its actions. Its configured processes keep running.
     */
    @Override
    public void reset() {
        started = false;
        runner.reset();
        discardSources();
    }

    @Override
    public void halt() {
        try {
            stop("cancelled by HALT");
        } catch (RoleException | RuntimeException e) {
            LOG.warn("while halting: {}", e.getMessage());
        }
        processes.close();
        discardSources();
    }

    /** The current source, if one was set. */
    public Optional<ExtensionSource> source() {
        return Optional.ofNullable(source);
    }

    /** The start and end of every action so far. */
    public ActionTimeline timeline() {
        return runner.timeline();
    }

    /** The ready actions this agent offers. */
    public List<ReadyAction> readyActions() {
        return readyActions.all();
    }

    /** The processes of its configuration. */
    public ProcessSupervisor processes() {
        return processes;
    }
}
