package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.Replies;
import org.maestro.common.net.UrlRedactor;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.transport.Topics;
import org.maestro.reporter.Outcome;
import org.maestro.reporter.compute.MessageAccounting;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.Roster;
import org.maestro.reporter.read.VerdictFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one test through the control plane, start to finish: finds the peers, sets the options, starts receivers
 * (and waits until they are attached), inspectors, agents and senders, watches progress and outcomes, drains the
 * receivers, stops everything and collects every peer's files into {@code <results>/<test>/<iteration>/<peer-name>@<host>/}.
 *
 * <p>Every wait has a deadline. A peer that dies (its ABNORMAL_DISCONNECT last will arrives) fails the test at once,
 * naming it; the other peers are stopped and what they measured is still collected. Not thread-safe: one test at a
 * time per runner.
 */
public final class TestRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TestRunner.class);
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(45);
    private static final Duration DISCOVERY_WAIT = Duration.ofSeconds(1);
    private static final Duration NO_PROGRESS_LIMIT = Duration.ofSeconds(60);
    /** How long stopped senders and receivers may take to write their results and notify. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(15);
    /** The send delay (µs) of a sender's first measured message above which the progress output notes a backlog. */
    static final long BACKLOG_NOTE_MICROS = 10_000;

    /** By default, how long a deadline that passes while the control broker is unreachable waits for it. */
    public static final Duration DEFAULT_BROKER_OUTAGE_LIMIT = Duration.ofMinutes(5);
    /** How long peers may take to reconnect and answer after the control broker came back. */
    private static final Duration PEERS_RECONNECT_WAIT = Duration.ofSeconds(15);
    private static final Set<String> LOAD_ROLES = Set.of("sender", "receiver");
    /** How long a peer may take to send its files. */
    private static final Duration FILES_WAIT = Duration.ofSeconds(60);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final ControlClient client;
    private final Path resultsRoot;
    private final Progress progress;
    private final UnaryOperator<String> environment;
    private final Consumer<Path> afterTest;
    private Duration brokerOutageLimit = DEFAULT_BROKER_OUTAGE_LIMIT;
    private LiveStatistics liveStatistics = LiveStatistics.none();

    /**
     * @param afterTest called with the test's iteration directory once its files are collected (e.g. to build the
     *                  report); may be a no-op
     */
    public TestRunner(ControlClient client, Path resultsRoot, Progress progress, UnaryOperator<String> environment,
                      Consumer<Path> afterTest) {
        this.client = client;
        this.resultsRoot = resultsRoot;
        this.progress = progress;
        this.environment = environment;
        this.afterTest = afterTest;
    }

    /**
     * Sets how long a test whose deadline passes while the control broker is unreachable waits for the broker to come
     * back before it fails, naming the outage ({@link #DEFAULT_BROKER_OUTAGE_LIMIT} unless set).
     *
     * @return this runner
     */
    public TestRunner brokerOutageLimit(Duration limit) {
        if (limit.isNegative()) {
            throw new IllegalArgumentException("the control broker outage limit must not be negative: " + limit);
        }
        this.brokerOutageLimit = limit;
        return this;
    }

    /** The results directory tests write into. */
    public Path resultsRoot() {
        return resultsRoot;
    }

    /** Does what is done after each test (builds the report), for a test directory whose files changed. */
    public void afterChange(Path directory) {
        afterTest.accept(directory);
    }

    /**
     * Sends each second's statistics of the running test, per peer and in total, to {@code live} as well as to the
     * progress display.
     *
     * @return this runner
     */
    public TestRunner liveStatistics(LiveStatistics live) {
        this.liveStatistics = java.util.Objects.requireNonNull(live, "live");
        return this;
    }

    /**
     * Runs a test.
     *
     * @throws MaestroException with exit code 2 for a wrong parameter, 3 when peers are missing or the control broker
     *                          fails; a test that runs and fails returns a failed result instead
     */
    public TestResult run(TestDefinition definition) {
        TestOptions options;
        try {
            options = definition.resolve(environment);
        } catch (IllegalArgumentException e) {
            throw MaestroException.usage(e.getMessage());
        }
        Path iterationDirectory = claimIteration(options.testName());
        options = options.with(OptionCode.TEST_ITERATION, iterationDirectory.getFileName().toString())
                .with(OptionCode.RUN_ID, UUID.randomUUID().toString());
        LOG.info("{}: iteration {}, run id {}", options.testName(), options.testIteration(),
                options.runId().orElseThrow());
        Execution execution = new Execution(definition, options, iterationDirectory);
        return execution.run();
    }

    /**
     * Records the script's verdict with tests already run ({@code script-verdict.json} in each iteration directory),
     * rebuilds what {@code afterTest} builds (the report) so that it shows the verdict, and returns the results as
     * they now stand: a failure fails them with the script's reason first; a success fails none and passes none that
     * failed.
     */
    public List<TestResult> recordScriptVerdict(List<TestResult> tests, boolean passed, String reason) {
        String why = reason == null || reason.isBlank() ? "failed (no reason given)" : reason.trim();
        List<TestResult> judged = new ArrayList<>();
        for (TestResult test : tests) {
            try {
                new VerdictFile(passed ? Outcome.SUCCESS : Outcome.FAILURE, passed ? reason == null ? "" : reason.trim()
                        : why).write(test.directory(), VerdictFile.SCRIPT);
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot record the script's verdict under " + test.directory()
                        + ": " + e.getMessage());
            }
            judged.add(passed ? test : new TestResult(test.name(), test.iteration(), false, "script: " + why
                    + (test.passed() ? "" : "; " + test.reason()), test.directory(), test.options(), test.figures(),
                    test.peers(), test.unknownReason()));
        }
        if (!tests.isEmpty()) {
            afterTest.accept(tests.get(tests.size() - 1).directory());
        }
        return judged;
    }

    /**
     * Creates the directory of the test's next iteration, one above the highest number present, and returns it: an
     * iteration never reuses a directory, even when another client picks the same number at the same moment.
     */
    private Path claimIteration(String testName) {
        Path testDirectory = resultsRoot.resolve(testName);
        for (int attempt = 0; attempt < 100; attempt++) {
            Path candidate = testDirectory.resolve(Integer.toString(nextIteration(testName)));
            try {
                Files.createDirectories(testDirectory);
                Files.createDirectory(candidate);
                return candidate;
            } catch (FileAlreadyExistsException taken) {
                LOG.debug("iteration directory {} was taken meanwhile; trying the next number", candidate);
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot create the iteration directory " + candidate + ": " + e
                        + "; check that the results directory is writable");
            }
        }
        throw MaestroException.infrastructure("cannot find a free iteration directory under " + testDirectory);
    }

    private int nextIteration(String testName) {
        Path testDirectory = resultsRoot.resolve(testName);
        if (!Files.isDirectory(testDirectory)) {
            return 0;
        }
        try (Stream<Path> entries = Files.list(testDirectory)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d+"))
                    .mapToInt(Integer::parseInt).max().orElse(-1) + 1;
        } catch (IOException e) {
            throw MaestroException.infrastructure("cannot read the results directory " + testDirectory + ": " + e);
        }
    }

    /** The state of one running test. */
    private final class Execution {
        private final TestDefinition definition;
        private final TestOptions options;
        private final Path directory;
        private final Map<String, PeerInfo> peers = new LinkedHashMap<>();
        private final Map<String, Note> outcomes = new ConcurrentHashMap<>();
        private final Set<String> dead = ConcurrentHashMap.newKeySet();
        private final Map<String, String> deaths = new ConcurrentHashMap<>();
        private final Map<String, Roster.Entry> unfinished = new ConcurrentHashMap<>();
        private final Set<String> doneBeforeStop = ConcurrentHashMap.newKeySet();
        /** Set when the control broker stayed unreachable for the whole outage limit: nothing more can be asked. */
        private volatile boolean brokerGone;
        private final Set<String> idle = ConcurrentHashMap.newKeySet();
        private final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        private volatile String abort;
        private final Map<String, Number> figures = new TreeMap<>();
        private final BrokerOutage outage = new BrokerOutage(client);
        private long lastStatisticsNanos = System.nanoTime();
        private long nextSilenceNote;

        Execution(TestDefinition definition, TestOptions options, Path directory) {
            this.definition = definition;
            this.options = options;
            this.directory = directory;
        }

        TestResult run() {
            discover();
            Consumer<Note> listener = this::onNotification;
            client.onNotification(listener);
            progress.started(options.testName(), options.testIteration(), describe());
            liveStatistics.started(options.testName(), options.testIteration());
            try {
                setOptions();
                LOG.info("{}: options set on {} peers", options.testName(), peers.size());
                if (startAll()) {
                    LOG.info("{}: all peers started", options.testName());
                    watch(System.nanoTime());
                    drain();
                }
            } finally {
                LOG.info("{}: stopping the peers", options.testName());
                doneBeforeStop.addAll(outcomes.keySet());
                doneBeforeStop.addAll(idle);
                stopAll();
                client.removeNotificationListener(listener);
            }
            LOG.info("{}: collecting the results", options.testName());
            collect();
            LOG.info("{}: results collected", options.testName());
            for (Note outcome : outcomes.values()) {
                if (outcome.command() == Command.NOTIFY_FAIL) {
                    failures.add(outcome.sender().qualifiedName() + ": " + ((Payload.Outcome) outcome.payload()).message());
                }
            }
            if (abort != null) {
                failures.add(0, abort);
            }
            writeRoster();
            writeOutcome();
            var summary = Figures.summarize(directory);
            summary.map(Figures::of).ifPresent(figures::putAll);
            String unknownReason = summary.isPresent() ? summary.get().messages().unknownReason()
                    : "no peer results could be read in " + directory;
            afterTest.accept(directory);
            if (failures.isEmpty() && summary.filter(s -> s.outcome() == Outcome.FAILURE)
                    .isPresent()) {
                failures.add("the peers' results report a failure (see the report)");
            }
            boolean passed = failures.isEmpty();
            TestResult result = new TestResult(options.testName(), options.testIteration(), passed,
                    passed ? "" : String.join("; ", failures), directory, options, figures,
                    peers.values().stream().map(PeerInfo::qualifiedName).toList(), unknownReason);
            progress.finished(result);
            return result;
        }

        /** Records the test's peers and how each one ended, so the report lists the dead and knows what is missing. */
        private void writeRoster() {
            List<Roster.Entry> entries = new ArrayList<>();
            for (PeerInfo peer : peers.values()) {
                Roster.Entry missing = unfinished.get(peer.id());
                if (missing != null) {
                    entries.add(missing);
                    continue;
                }
                PeerEnd ended = dead.contains(peer.id()) ? PeerEnd.DIED : !doneBeforeStop.contains(peer.id())
                        ? PeerEnd.STOPPED : outcomes.containsKey(peer.id()) ? PeerEnd.FINISHED : PeerEnd.IDLE;
                entries.add(entry(peer, ended, ended == PeerEnd.DIED ? deaths.getOrDefault(peer.id(), "") : ""));
            }
            try {
                new Roster(Roster.FORMAT_VERSION, options.runId().orElse(null), entries).write(directory);
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
            }
        }

        private Roster.Entry entry(PeerInfo peer, PeerEnd ended, String detail) {
            Optional<String> url = switch (peer.role()) {
                case "sender" -> options.sendUrl();
                case "receiver" -> options.receiveUrl();
                default -> Optional.empty();
            };
            return new Roster.Entry(peer.qualifiedName(), peer.role(), peer.host(),
                    url.map(MessageAccounting::address).orElse(null), ended, detail);
        }

        /** Records the runner's own verdict beside the peers' files, so the report agrees with the run. */
        private void writeOutcome() {
            try {
                new VerdictFile(failures.isEmpty() ? Outcome.SUCCESS : Outcome.FAILURE, String.join("; ", failures),
                        options.runId().orElse(null)).write(directory, VerdictFile.RUNNER);
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
            }
        }

        private String describe() {
            return String.format("%s connections × %s msg/s, %s bytes, %s%s → %s", options.parallelCount(),
                    options.rate() == 0 ? "unbounded" : options.rate(), options.messageSize(), options.duration(),
                    options.warmUp().isZero() ? "" : " (+ warm-up " + options.get(OptionCode.WARM_UP).orElse("") + ")",
                    options.sendUrl().map(UrlRedactor::redact).orElse("?"));
        }

        private void discover() {
            List<PeerStatus> found;
            try {
                found = client.ping(DISCOVERY_WAIT);
            } catch (Exception e) {
                throw MaestroException.infrastructure("cannot reach the peers through " + client.endpoint() + ": " + e);
            }
            Map<String, Long> byRole = found.stream().collect(Collectors.groupingBy(s -> s.peer().role(),
                    TreeMap::new, Collectors.counting()));
            List<String> missing = new ArrayList<>();
            for (String role : neededRoles()) {
                if (!byRole.containsKey(role)) {
                    missing.add(role);
                }
            }
            if (!missing.isEmpty()) {
                throw MaestroException.infrastructure("test '" + options.testName() + "' needs peers of role(s) "
                        + String.join(", ", missing) + " but none answered on " + client.endpoint() + " (found: "
                        + (byRole.isEmpty() ? "no peers" : byRole) + "); start them with 'maestro-cli "
                        + (missing.contains("sender") || missing.contains("receiver") ? "worker --role "
                        + missing.get(0) : missing.get(0)) + " --maestro-url " + client.endpoint() + "'");
            }
            for (PeerStatus status : found) {
                if (neededRoles().contains(status.peer().role())) {
                    peers.put(status.peer().id(), status.peer());
                }
            }
        }

        private List<String> neededRoles() {
            List<String> roles = new ArrayList<>(List.of("sender", "receiver"));
            if (wantsInspector()) {
                roles.add("inspector");
            }
            if (definition.wantsAgent()) {
                roles.add("agent");
            }
            return roles;
        }

        /** An inspector is wanted when the script or the environment names a management interface. */
        private boolean wantsInspector() {
            return definition.wantsInspector() || options.get(OptionCode.MANAGEMENT_INTERFACE).isPresent();
        }

        /** The ids of the test's peers whose last will has not arrived. */
        private Set<String> livePeerIds() {
            return peers.keySet().stream().filter(id -> !dead.contains(id)).collect(Collectors.toSet());
        }

        /** The live peers of a role (those whose last will has not arrived). */
        private int count(String role) {
            return (int) peers.values().stream().filter(p -> p.role().equals(role) && !dead.contains(p.id())).count();
        }

        private void onNotification(Note note) {
            PeerInfo sender = note.sender();
            if (sender == null || !peers.containsKey(sender.id())) {
                return;
            }
            switch (note.command()) {
                case ABNORMAL_DISCONNECT -> {
                    LOG.warn("{} disconnected abnormally", sender.qualifiedName());
                    deaths.putIfAbsent(sender.id(), "disconnected abnormally at " + CLOCK.format(Instant.now())
                            + " (crashed, killed or cut off from the control broker); its files stay on its host");
                    dead.add(sender.id());
                    if (abort == null) {
                        abort = "peer " + sender.qualifiedName() + " (" + sender.role()
                                + ") disconnected abnormally (crashed, killed or lost its network) during the test";
                    }
                }
                case NOTIFY_SUCCESS, NOTIFY_FAIL -> {
                    if (sender.role().equals("agent")) {
                        Payload.Outcome outcome = (Payload.Outcome) note.payload();
                        progress.note("agent " + sender.qualifiedName() + ": " + outcome.message());
                        if (note.command() == Command.NOTIFY_FAIL) {
                            failures.add("agent action failed on " + sender.qualifiedName() + ": " + outcome.message());
                        }
                    } else {
                        outcomes.put(sender.id(), note);
                        if (sender.role().equals("sender") && note.payload() instanceof Payload.Outcome outcome) {
                            noteBacklog(sender.qualifiedName(), outcome.details());
                        }
                    }
                }
                default -> {
                }
            }
        }

        /**
         * Says in the progress output when a sender entered the measured window more than
         * {@value #BACKLOG_NOTE_MICROS} µs behind its timeline (its {@code warmup.lag.micros}).
         */
        private void noteBacklog(String sender, Map<String, String> details) {
            String lag = details.get("warmup.lag.micros");
            if (lag == null) {
                return;
            }
            try {
                long micros = Long.parseLong(lag);
                if (micros > BACKLOG_NOTE_MICROS) {
                    progress.note(String.format(java.util.Locale.ROOT, "%s entered the measured window %.1f ms behind "
                            + "its timeline (%s warm-up message(s) still to send): the measured latency includes the "
                            + "load generator's backlog; use a longer WARM_UP, WARM_UP=auto or a lower RATE", sender,
                            micros / 1000.0, details.getOrDefault("warmup.backlog", "?")));
                }
            } catch (NumberFormatException e) {
                LOG.debug("{} sent warmup.lag.micros={}, not a number", sender, lag);
            }
        }

        private void setOptions() {
            for (Map.Entry<OptionCode, String> option : options.values().entrySet()) {
                Replies replies = await(client.requestFrom(Topics.ALL_PEERS, Note.request(Command.SET,
                        new Payload.SetOption(option.getKey().code(), option.getValue())), livePeerIds(), REPLY_TIMEOUT),
                        "SET " + option.getKey().parameter());
                if (replies == null) {
                    return;
                }
                List<Note> invalid = replies.errors().stream().filter(n -> n.payload() instanceof Payload.Error e
                        && e.code() == ErrorCodes.INVALID_OPTION).toList();
                if (!invalid.isEmpty()) {
                    throw MaestroException.usage(((Payload.Error) invalid.get(0).payload()).message() + " (refused by "
                            + invalid.get(0).sender().qualifiedName() + ")");
                }
                if (!replies.allOk()) {
                    throw MaestroException.infrastructure("peers did not accept " + option.getKey().parameter() + ": "
                            + problems(replies));
                }
            }
        }

        /** Starts receivers, inspectors, agents and senders; false when the test cannot go on. */
        private boolean startAll() {
            if (!start(Command.START_RECEIVER, "receiver", Payload.Empty.INSTANCE, ATTACH_TIMEOUT)) {
                return false;
            }
            // without INSPECTOR_NAME the inspector that claims MANAGEMENT_INTERFACE's URL is used (see Inspectors)
            if (wantsInspector() && !start(Command.START_INSPECTOR, "inspector",
                    new Payload.Text(options.get(OptionCode.INSPECTOR_NAME).orElse("")), REPLY_TIMEOUT)) {
                return false;
            }
            if (definition.wantsAgent()) {
                String source = options.get(OptionCode.EXT_POINT_SOURCE).orElse(null);
                if (source != null && !start(Command.AGENT_SOURCE, "agent", new Payload.AgentSource(source,
                        options.get(OptionCode.EXT_POINT_BRANCH).orElse("")), ATTACH_TIMEOUT)) {
                    return false;
                }
                if (!start(Command.START_AGENT, "agent", Payload.Empty.INSTANCE, REPLY_TIMEOUT)) {
                    return false;
                }
            }
            return start(Command.START_SENDER, "sender", Payload.Empty.INSTANCE, ATTACH_TIMEOUT);
        }

        private boolean start(Command command, String role, Payload payload, Duration timeout) {
            if (abort != null) {
                return false;
            }
            Replies replies = await(client.request(Topics.role(role), Note.request(command, payload), count(role),
                    timeout), command.name());
            if (replies == null) {
                return false;
            }
            if (replies.allOk()) {
                return true;
            }
            failures.add(command + " failed: " + problems(replies));
            return false;
        }

        private String problems(Replies replies) {
            List<String> text = new ArrayList<>();
            if (!replies.errors().isEmpty()) {
                text.add(replies.describeErrors());
            }
            if (!replies.complete()) {
                Set<String> answered = replies.notes().stream().map(n -> n.sender().id()).collect(Collectors.toSet());
                text.add("no reply from " + peers.values().stream().filter(p -> !answered.contains(p.id()))
                        .filter(p -> replies.request().command() == Command.SET || p.role().equals(roleOf(replies)))
                        .map(PeerInfo::qualifiedName).collect(Collectors.joining(", ")) + " within the deadline");
            }
            return String.join("; ", text);
        }

        private String roleOf(Replies replies) {
            return switch (replies.request().command()) {
                case START_RECEIVER, STOP_RECEIVER, DRAIN -> "receiver";
                case START_SENDER, STOP_SENDER -> "sender";
                case START_INSPECTOR, STOP_INSPECTOR -> "inspector";
                default -> "agent";
            };
        }

        /**
         * Watches the senders until all of them finished, a peer died, or the deadline passed. Whether the senders
         * finished is looked at again just before any deadline fails the test, and a deadline that passes while the
         * control broker is unreachable waits for it (up to {@link #brokerOutageLimit(Duration)}) before judging.
         */
        private void watch(long startNanos) {
            Duration planned = TestDefinition.plannedTime(options);
            Duration deadline = planned != null ? planned.plus(planned.dividedBy(2)).plusSeconds(30) : null;
            List<TestDefinition.AgentAction> pendingActions = new ArrayList<>(definition.actions());
            long lastCount = -1;
            long lastProgressNanos = System.nanoTime();
            long nextIdleCheck = 0;
            while (abort == null) {
                outage.observe();
                Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
                runDueActions(pendingActions, elapsed);
                if (sendersDone()) {
                    return;
                }
                boolean overdue = planned != null ? elapsed.compareTo(planned.plusSeconds(10)) > 0
                        : Duration.ofNanos(System.nanoTime() - lastProgressNanos).toSeconds() > 10;
                if (overdue && System.nanoTime() > nextIdleCheck && client.isConnected()) {
                    findIdle("sender");
                    nextIdleCheck = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                    if (sendersDone()) {
                        return;
                    }
                }
                Progress.Snapshot snapshot = stats(elapsed, planned);
                if (snapshot != null) {
                    progress.update(snapshot);
                    if (snapshot.sent() != lastCount) {
                        lastCount = snapshot.sent();
                        lastProgressNanos = System.nanoTime();
                    }
                } else if (outage.isOngoing()) {
                    lastProgressNanos = System.nanoTime();
                }
                boolean pastDeadline = deadline != null && elapsed.compareTo(deadline) > 0;
                boolean stalled = deadline == null && Duration.ofNanos(System.nanoTime() - lastProgressNanos)
                        .compareTo(NO_PROGRESS_LIMIT) > 0;
                if (pastDeadline || stalled) {
                    if (finishedAfterOutage("sender")) {
                        return;
                    }
                    String brokerPart = outage.describe();
                    failures.add(pastDeadline
                            ? "the senders did not finish within " + deadline.toSeconds() + " s (planned "
                                    + planned.toSeconds() + " s)" + brokerPart + "; stopped them"
                            : "the senders made no progress for " + NO_PROGRESS_LIMIT.toSeconds() + " s" + brokerPart
                                    + "; stopped them");
                    return;
                }
                sleep(Duration.ofSeconds(1));
            }
        }

        /**
         * At a deadline: waits for an unreachable control broker to come back (up to {@link #brokerOutageLimit(Duration)}),
         * asks the unfinished peers of a role whether they are idle (again for up to {@link #PEERS_RECONNECT_WAIT}
         * after an outage, while they reconnect) and says whether every one of them finished.
         */
        private boolean finishedAfterOutage(String role) {
            long limit = System.nanoTime() + brokerOutageLimit.toNanos();
            while (!client.isConnected() && abort == null && System.nanoTime() < limit) {
                outage.observe();
                sleep(Duration.ofSeconds(1));
            }
            brokerGone = !client.isConnected();
            boolean hadOutage = !outage.total().isZero();
            long settle = System.nanoTime() + (hadOutage ? PEERS_RECONNECT_WAIT.toNanos() : 0);
            while (client.isConnected() && abort == null && finished(role) < count(role)) {
                findIdle(role);
                if (finished(role) >= count(role) || System.nanoTime() >= settle) {
                    break;
                }
                sleep(Duration.ofSeconds(1));
            }
            return finished(role) >= count(role);
        }

        private void runDueActions(List<TestDefinition.AgentAction> pending, Duration elapsed) {
            Duration measuredSince = elapsed.minus(options.warmUp());
            pending.removeIf(action -> {
                if (measuredSince.compareTo(action.at()) < 0) {
                    return false;
                }
                progress.note("agent action '" + action.command() + "' at " + elapsed.toSeconds() + " s");
                client.request(Topics.role("agent"), Note.request(Command.USER_COMMAND_1,
                        new Payload.Text(action.command())), count("agent"), REPLY_TIMEOUT).thenAccept(replies -> {
                            if (!replies.allOk()) {
                                failures.add("agent action '" + action.command() + "' was refused: " + problems(replies));
                            }
                        });
                return true;
            });
        }

        private boolean sendersDone() {
            return finished("sender") >= count("sender");
        }

        /** How many live peers of a role have finished: notified their outcome, or were found idle. */
        private long finished(String role) {
            return peers.values().stream().filter(p -> p.role().equals(role) && !dead.contains(p.id()))
                    .filter(p -> outcomes.containsKey(p.id()) || idle.contains(p.id())).count();
        }

        /**
         * Asks the peers of a role that have not notified an outcome whether they are still busy: a notification
         * can be lost while the control broker restarts, and an idle peer must not keep the test waiting.
         */
        private void findIdle(String role) {
            for (PeerInfo peer : peers.values()) {
                if (!peer.role().equals(role) || outcomes.containsKey(peer.id()) || idle.contains(peer.id())
                        || dead.contains(peer.id())) {
                    continue;
                }
                Replies replies = awaitQuietly(client.request(Topics.peer(peer.id()), Note.request(Command.GET), 1,
                        Duration.ofSeconds(3)));
                if (replies != null && !replies.notes().isEmpty()
                        && replies.notes().get(0).payload() instanceof Payload.Outcome info
                        && "false".equals(info.details().get("busy"))) {
                    LOG.warn("{} is idle but its outcome notification never arrived; taking its files as its result",
                            peer.qualifiedName());
                    idle.add(peer.id());
                }
            }
        }

        /**
         * Asks the live peers for their statistics: the receivers first, everyone else once they answered, so that a
         * sender's count is read after every receiver's and a snapshot never shows more received than sent.
         */
        private Progress.Snapshot stats(Duration elapsed, Duration planned) {
            try {
                Set<String> live = livePeerIds();
                Set<String> receivers = peers.values().stream()
                        .filter(p -> p.role().equals("receiver") && live.contains(p.id())).map(PeerInfo::id)
                        .collect(Collectors.toSet());
                Set<String> others = live.stream().filter(id -> !receivers.contains(id)).collect(Collectors.toSet());
                List<Note> notes = new ArrayList<>();
                if (!receivers.isEmpty()) {
                    notes.addAll(client.requestFrom(Topics.role("receiver"), Note.request(Command.STATS), receivers,
                            Duration.ofSeconds(2)).get(5, TimeUnit.SECONDS).notes());
                }
                if (!others.isEmpty()) {
                    notes.addAll(client.requestFrom(Topics.ALL_PEERS, Note.request(Command.STATS), others,
                            Duration.ofSeconds(2)).get(5, TimeUnit.SECONDS).notes());
                }
                long sent = 0;
                long received = 0;
                long errors = 0;
                double rate = 0;
                double p99 = 0;
                double p50 = -1;
                double max = -1;
                boolean distribution = true;
                int answered = 0;
                List<LiveStatistics.PeerStatistics> perPeer = new ArrayList<>();
                for (Note note : notes) {
                    if (!(note.payload() instanceof Payload.Stats stats) || !peers.containsKey(note.sender().id())) {
                        continue;
                    }
                    answered++;
                    perPeer.add(new LiveStatistics.PeerStatistics(peers.get(note.sender().id()).qualifiedName(),
                            stats.role(), stats.count(), stats.rate(), stats.errors(),
                            stats.hasDistribution() ? stats.latencyP50Micros() / 1000.0 : -1,
                            stats.latencyP99Micros() / 1000.0,
                            stats.hasDistribution() ? stats.latencyMaxMicros() / 1000.0 : -1));
                    errors += stats.errors();
                    if (stats.role().equals("sender")) {
                        sent += stats.count();
                    } else if (stats.role().equals("receiver")) {
                        received += stats.count();
                        rate += stats.rate();
                        p99 = Math.max(p99, stats.latencyP99Micros() / 1000.0);
                        distribution &= stats.hasDistribution();
                        p50 = Math.max(p50, stats.latencyP50Micros() / 1000.0);
                        max = Math.max(max, stats.latencyMaxMicros() / 1000.0);
                    }
                }
                if (answered == 0) {
                    noStatistics("no peer answered");
                    return null;
                }
                lastStatisticsNanos = System.nanoTime();
                Progress.Snapshot snapshot = new Progress.Snapshot(options.testName(), elapsed, planned, rate, p99,
                        sent, received, errors, distribution ? p50 : -1, distribution ? max : -1);
                liveStatistics.update(options.testName(), options.testIteration(), perPeer, snapshot);
                return snapshot;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException | TimeoutException e) {
                noStatistics(e.getCause() != null ? e.getCause().getMessage() : e.toString());
                return null;
            }
        }

        /** Says in the progress output, every 10 s, how long statistics have been missing and why. */
        private void noStatistics(String detail) {
            outage.observe();
            long silentSeconds = Duration.ofNanos(System.nanoTime() - lastStatisticsNanos).toSeconds();
            if (silentSeconds < 5 || System.nanoTime() < nextSilenceNote) {
                return;
            }
            nextSilenceNote = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            String why = outage.isOngoing() ? "control broker " + client.endpoint() + " unreachable (reconnecting)"
                    : "the peers did not answer (" + detail + ")";
            LOG.warn("no statistics for {} s: {}", silentSeconds, why);
            progress.note("no statistics for " + silentSeconds + " s: " + why);
        }

        /** Asks receivers to consume what is in flight and waits for their outcomes. */
        private void drain() {
            if (abort != null || brokerGone) {
                return;
            }
            progress.note("senders finished; receivers draining what is in flight");
            Replies replies = awaitQuietly(client.request(Topics.role("receiver"), Note.request(Command.DRAIN),
                    count("receiver"), REPLY_TIMEOUT));
            if (replies != null && !replies.errors().isEmpty()) {
                failures.add("DRAIN failed: " + replies.describeErrors());
            }
            long deadline = System.nanoTime() + options.drainTimeout().plusSeconds(15).toNanos();
            long nextIdleCheck = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (abort == null && System.nanoTime() < deadline) {
                outage.observe();
                if (finished("receiver") >= count("receiver")) {
                    return;
                }
                if (System.nanoTime() > nextIdleCheck && client.isConnected()) {
                    findIdle("receiver");
                    nextIdleCheck = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                }
                sleep(Duration.ofMillis(200));
            }
            if (abort == null && !finishedAfterOutage("receiver")) {
                failures.add("receivers did not finish draining within " + options.drainTimeout().plusSeconds(15)
                        .toSeconds() + " s" + outage.describe());
            }
        }

        private void stopAll() {
            if (brokerGone && !client.isConnected()) {
                LOG.warn("the control broker {} is unreachable: the peers cannot be told to stop", client.endpoint());
                return;
            }
            for (String role : List.of("sender", "receiver", "inspector", "agent")) {
                if (count(role) == 0) {
                    continue;
                }
                Command stop = switch (role) {
                    case "sender" -> Command.STOP_SENDER;
                    case "receiver" -> Command.STOP_RECEIVER;
                    case "inspector" -> Command.STOP_INSPECTOR;
                    default -> Command.STOP_AGENT;
                };
                Replies replies = awaitQuietly(client.request(Topics.role(role), Note.request(stop), count(role),
                        REPLY_TIMEOUT));
                if (replies == null || !replies.complete()) {
                    LOG.warn("not every {} confirmed {}", role, stop);
                }
            }
            long deadline = System.nanoTime() + STOP_WAIT.toNanos();
            while (System.nanoTime() < deadline
                    && (finished("sender") < count("sender") || finished("receiver") < count("receiver"))) {
                sleep(Duration.ofMillis(100));
            }
        }

        private void collect() {
            List<String> problems = new ArrayList<>();
            boolean reachable = brokerGone ? client.isConnected() : awaitControlBroker(PEERS_RECONNECT_WAIT);
            for (PeerInfo peer : peers.values()) {
                if (dead.contains(peer.id())) {
                    problems.add(peer.qualifiedName() + " is gone; its files stay on its host");
                    continue;
                }
                if (!reachable) {
                    String why = "the control broker " + client.endpoint() + " was unreachable when the files were "
                            + "collected; they stay on its host";
                    if (LOAD_ROLES.contains(peer.role()) && failures.stream().noneMatch(f -> f.startsWith("no files"))) {
                        failures.add("no files collected: the control broker " + client.endpoint() + " was "
                                + "unreachable" + outage.describe() + "; the counts are unknown");
                    }
                    problems.add(peer.qualifiedName() + ": " + why);
                    unfinished.put(peer.id(), entry(peer, PeerEnd.NO_FILES, why));
                    continue;
                }
                ResultCollector collector = new ResultCollector(directory.resolve(peer.qualifiedName()),
                        options.runId().orElse(null));
                Replies replies = awaitQuietly(client.request(Topics.peer(peer.id()), Note.request(Command.LOG), 1,
                        FILES_WAIT, collector::accept));
                try {
                    boolean arrived = replies != null && replies.complete();
                    if (!arrived) {
                        problems.add(peer.qualifiedName() + " did not send its files");
                        unfinished.put(peer.id(), entry(peer, PeerEnd.NO_FILES, "did not send its files within "
                                + FILES_WAIT.toSeconds() + " s; they stay on its host"));
                        if (LOAD_ROLES.contains(peer.role())) {
                            failures.add("the files of " + peer.qualifiedName() + " did not arrive: its counts are "
                                    + "missing, so the loss is unknown");
                        }
                    } else if (!replies.allOk()) {
                        problems.add(replies.describeErrors());
                    }
                    for (String problem : collector.write()) {
                        problems.add(peer.qualifiedName() + ": " + problem);
                    }
                    collector.refusal().ifPresent(refusal -> {
                        LOG.warn("refused the files of {}: {}", peer.qualifiedName(), refusal);
                        failures.add("refused the files of " + peer.qualifiedName() + ": " + refusal);
                        unfinished.put(peer.id(), entry(peer, PeerEnd.FILES_REFUSED, refusal));
                    });
                } catch (IOException e) {
                    throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
                }
            }
            if (!problems.isEmpty()) {
                LOG.warn("result collection: {}", problems);
                progress.note("some results could not be collected: " + String.join("; ", problems));
            }
        }

        /** Waits up to {@code limit} for the control broker to be reachable; says whether it is. */
        private boolean awaitControlBroker(Duration limit) {
            long deadline = System.nanoTime() + limit.toNanos();
            while (!client.isConnected() && System.nanoTime() < deadline) {
                outage.observe();
                sleep(Duration.ofMillis(500));
            }
            return client.isConnected();
        }

        /** Waits for replies; returns null when a peer died meanwhile (the test is over then). */
        private Replies await(java.util.concurrent.CompletableFuture<Replies> future, String what) {
            long deadline = System.nanoTime() + REPLY_TIMEOUT.plus(ATTACH_TIMEOUT).toNanos();
            try {
                while (true) {
                    try {
                        return future.get(100, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException notYet) {
                        if (abort != null) {
                            future.cancel(false);
                            return null;
                        }
                        if (System.nanoTime() > deadline) {
                            throw notYet;
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw MaestroException.infrastructure("interrupted while waiting for " + what);
            } catch (ExecutionException | TimeoutException e) {
                throw MaestroException.infrastructure("the control broker " + client.endpoint() + " failed during "
                        + what + ": " + (e.getCause() != null ? e.getCause().getMessage() : e));
            }
        }

        private Replies awaitQuietly(java.util.concurrent.CompletableFuture<Replies> future) {
            try {
                return future.get(90, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn("no reply: {}", e.toString());
                return null;
            }
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
