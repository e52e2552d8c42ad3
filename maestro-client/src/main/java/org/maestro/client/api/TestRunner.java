package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.Replies;
import org.maestro.common.measure.RecordedVerdict;
import org.maestro.common.measure.RecordedVerdictWriter;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.Peer;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.Sleeper;
import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.compute.GeneratorJudge;
import org.maestro.reporter.verdict.Decision;
import org.maestro.reporter.verdict.VerdictRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one test through the control plane, start to finish: finds the peers, resets their options to the defaults
 * and sets the test's, starts receivers (and waits until they are attached), inspectors, agents and senders, watches
 * progress and outcomes, drains the receivers, stops everything and collects every peer's files into
 * {@code <results>/<test>/<iteration>/<peer-name>@<host>/}.
 * It coordinates: the peers are asked through {@link TestPeers}, what they report is kept in {@link TestState}, and
 * every timing decision (deadlines, idle peers, broker outages, the agent actions' schedule, drain, stop) is the
 * {@link Watchdog}'s; {@link FileCollection} brings the files home and the verdict is written as a
 * {@link RecordedVerdict}, its words those of {@link VerdictRule}. Once the files are home (or the test ended early)
 * the peers are reset again, so that they hold no option of this test past its end.
 *
 * <p>Every wait has a deadline. A peer that is lost (its ABNORMAL_DISCONNECT last will arrives) fails the test at
 * once, naming it and how it was lost: its control connection dropped while it still answered (killed, crashed), or
 * it had stopped answering before the broker gave it up (unreachable: network cut, host or process frozen; see
 * {@link PeerSilence}); the other peers are stopped and what they measured is still collected. A peer that stopped
 * answering but left no last will is found unreachable before its files are asked for, and not waited for. Not
 * thread-safe: one test at a time per runner.
 */
public final class TestRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TestRunner.class);
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(45);
    private static final Duration DISCOVERY_WAIT = Duration.ofSeconds(1);

    /** By default, how long a deadline that passes while the control broker is unreachable waits for it. */
    private final TestPeers peers;

    private final MicroClock clock;
    private final Sleeper sleeper;
    private final Path resultsRoot;
    private final Progress progress;
    private final UnaryOperator<String> environment;
    private final Consumer<Path> afterTest;
    private WatchLimits watchLimits = WatchLimits.DEFAULTS;
    private LiveStatistics liveStatistics = LiveStatistics.none();
    private CollectLimits collectLimits = CollectLimits.DEFAULTS;

    /**
     * @param afterTest called with the test's iteration directory once its files are collected (e.g. to build the
     *                  report); may be a no-op
     */
    public TestRunner(
            ControlClient client,
            Path resultsRoot,
            Progress progress,
            UnaryOperator<String> environment,
            Consumer<Path> afterTest) {
        this(new ControlTestPeers(() -> client), resultsRoot, progress, environment, afterTest);
    }

    /**
     * A runner that asks for its control client when a test first needs the peers, not before: in embedded mode the
     * control broker and the peers start then, so that a script's wrong input is refused before anything starts.
     */
    public static TestRunner connectingOnFirstTest(
            Supplier<ControlClient> client,
            Path resultsRoot,
            Progress progress,
            UnaryOperator<String> environment,
            Consumer<Path> afterTest) {
        return new TestRunner(new ControlTestPeers(client), resultsRoot, progress, environment, afterTest);
    }

    /** A runner over the peers of a control client, on the system's clock. */
    private TestRunner(
            ControlTestPeers peers,
            Path resultsRoot,
            Progress progress,
            UnaryOperator<String> environment,
            Consumer<Path> afterTest) {
        this(peers, MicroClock.system(), Sleeper.system(), resultsRoot, progress, environment, afterTest);
    }

    /** A runner over any {@link TestPeers}, on the given clock (a test passes fakes of both). */
    TestRunner(
            TestPeers peers,
            MicroClock clock,
            Sleeper sleeper,
            Path resultsRoot,
            Progress progress,
            UnaryOperator<String> environment,
            Consumer<Path> afterTest) {
        this.peers = peers;
        this.clock = clock;
        this.sleeper = sleeper;
        this.resultsRoot = resultsRoot;
        this.progress = progress;
        this.environment = environment;
        this.afterTest = afterTest;
    }

    /**
     * Sets how long the senders may take past 1.5 × the planned time, and how long a test whose deadline passes while
     * the control broker is unreachable waits for the broker to come back before it fails, naming the outage
     * ({@link WatchLimits#DEFAULTS} unless set).
     *
     * @return this runner
     */
    public TestRunner watchLimits(WatchLimits limits) {
        this.watchLimits = limits;
        return this;
    }

    /**
     * Sets how many bytes of files the client takes from one peer, per file and in all ({@link CollectLimits#DEFAULTS}
     * unless set).
     *
     * @return this runner
     */
    public TestRunner collectLimits(CollectLimits limits) {
        this.collectLimits = java.util.Objects.requireNonNull(limits, "limits");
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
     * Names the peers that run in this JVM (embedded mode), asked each time: their statistics and the PINGs of the
     * clock estimate are answered directly, not through the control broker, so that what the client repeats while the
     * load runs costs the load next to nothing. Every other request still goes through the broker. Only for a runner
     * over a control client.
     *
     * @return this runner
     */
    public TestRunner inProcessPeers(Supplier<? extends Collection<Peer>> inProcess) {
        if (!(peers instanceof ControlTestPeers control)) {
            throw new IllegalStateException("only a runner over a control client reads peers in its own JVM");
        }
        control.answerInProcess(InProcessPeers.of(inProcess));
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
        FlowPlan plan = FlowPlan.of(definition, options);
        plan.checkUrls();
        SutUrls.check(options);
        InspectionPlan inspection = InspectionPlan.of(definition, options);
        AgentAddressing.checkForm(definition.actions());
        Path iterationDirectory = claimIteration(options.testName());
        options = options.with(
                        OptionCode.TEST_ITERATION,
                        iterationDirectory.getFileName().toString())
                .with(OptionCode.RUN_ID, UUID.randomUUID().toString());
        LOG.info(
                "{}: iteration {}, run id {}",
                options.testName(),
                options.testIteration(),
                options.runId().orElseThrow());
        Execution execution = new Execution(definition, options, iterationDirectory, plan, inspection);
        try {
            return execution.run();
        } finally {
            execution.releasePeers();
        }
    }

    /**
     * Records the script's verdict with tests already run ({@code script-verdict.json} in each iteration directory),
     * rebuilds what {@code afterTest} builds (the report) so that it shows the verdict, and returns the results as
     * they now stand: a failure fails them with the script's reason first; a success fails none and passes none that
     * failed.
     */
    public List<TestResult> recordScriptVerdict(List<TestResult> tests, boolean passed, String reason) {
        String why = VerdictRule.scriptReason(passed, reason);
        List<TestResult> judged = new ArrayList<>();
        for (TestResult test : tests) {
            try {
                RecordedVerdictWriter.write(
                        test.directory(), RecordedVerdict.SCRIPT_FILE, RecordedVerdict.of(passed, why, null));
            } catch (IOException e) {
                throw MaestroException.infrastructure(
                        "cannot record the script's verdict under " + test.directory() + ": " + e.getMessage());
            }
            judged.add(
                    passed
                            ? test
                            : new TestResult(
                                    test.name(),
                                    test.iteration(),
                                    false,
                                    VerdictRule.failedByScript(test.passed(), test.reason(), why),
                                    test.directory(),
                                    test.options(),
                                    test.figures(),
                                    test.peers(),
                                    test.unknownReason(),
                                    test.sutFailure(),
                                    test.generatorBound(),
                                    test.faults()));
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
            return entries.map(p -> p.getFileName().toString())
                            .filter(n -> n.matches("\\d+"))
                            .mapToInt(Integer::parseInt)
                            .max()
                            .orElse(-1)
                    + 1;
        } catch (IOException e) {
            throw MaestroException.infrastructure("cannot read the results directory " + testDirectory + ": " + e);
        }
    }

    /** One running test: its phases in order, each one asked of the peers and timed by the watchdog. */
    private final class Execution {
        private final TestDefinition definition;
        private final InspectionPlan inspection;
        private final TestOptions options;
        /** When the load started (the peers all started), for the receivers' planned delay and pauses. */
        private long loadStartMicros;

        private final FlowPlan plan;
        private PeerAssignment assignment;
        private final Path directory;
        private final TestState state;
        private final Watchdog watchdog;
        private final FileCollection files;
        private final PeerClocks clocks;
        private final Map<String, Number> figures = new TreeMap<>();
        /** The runner's peers, noting who answers each request (tells unreachable peers from killed ones). */
        private final TestPeers peers;

        private boolean released;

        Execution(
                TestDefinition definition,
                TestOptions options,
                Path directory,
                FlowPlan plan,
                InspectionPlan inspection) {
            this.definition = definition;
            this.inspection = inspection;
            this.options = options;
            this.plan = plan;
            this.directory = directory;
            this.state = new TestState(progress, () -> Instant.EPOCH.plusNanos(clock.nowMicros() * 1_000));
            this.peers = new SilenceTrackingPeers(TestRunner.this.peers, state.silence());
            StatisticsPoll statistics =
                    new StatisticsPoll(peers, state, options.testName(), options.testIteration(), liveStatistics);
            this.watchdog = new Watchdog(peers, state, progress, statistics::poll, watchLimits, clock, sleeper);
            this.files = new FileCollection(peers, state, watchdog, progress, options, directory, collectLimits);
            this.clocks = new PeerClocks(peers, state);
            watchdog.duringLoad(() -> clocks.estimate(ClockEstimate.DURING));
        }

        /** Runs the test, taking note of every note refused from a peer meanwhile (for the log and the report). */
        TestResult run() {
            try (TestPeers.Listening refusals = peers.onRefusal(state::refused)) {
                return runPhases();
            }
        }

        private TestResult runPhases() {
            discover();
            try (TestPeers.Listening notifications = peers.onNotification(state::onNotification)) {
                runAndCollect();
            }
            releasePeers();
            for (Note outcome : state.outcomes()) {
                if (outcome.command() == Command.NOTIFY_FAIL) {
                    state.fail(
                            outcome.sender().qualifiedName() + ": " + ((Payload.Notice) outcome.payload()).message());
                }
            }
            List<String> failures = state.failures();
            files.writeRoster();
            writeClocks();
            writeOutcome(failures);
            var summary = Figures.summarize(directory);
            summary.map(Figures::withFlows).ifPresent(figures::putAll);
            summary.map(TestSummary::clocks).map(ClockSummary::warning).ifPresent(progress::note);
            summary.filter(TestSummary::generatorBound)
                    .map(s -> GeneratorJudge.warning(s.generator()))
                    .ifPresent(progress::note);
            String unknownReason = summary.isPresent()
                    ? summary.get().messages().unknownReason()
                    : "no peer results could be read in " + directory;
            afterTest.accept(directory);
            Decision verdict =
                    VerdictRule.ofRun(failures, summary.map(Decision::of).orElse(null));
            boolean passed = verdict.notFailed();
            TestResult result = new TestResult(
                    options.testName(),
                    options.testIteration(),
                    passed,
                    verdict.reason(),
                    directory,
                    options,
                    figures,
                    state.peers().stream().map(PeerInfo::qualifiedName).toList(),
                    unknownReason,
                    !passed && state.sutFailedFirst(),
                    summary.filter(TestSummary::generatorBound)
                            .map(s -> s.generator().reason())
                            .orElse(null),
                    summary.map(TestSummary::faults).orElse(List.of()));
            progress.finished(result);
            return result;
        }

        /** Writes the peers' clock offsets beside their files, for the report. */
        private void writeClocks() {
            try {
                clocks.write(directory, options.runId().orElse(null));
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
            }
        }

        /**
         * Sets the options, starts the peers, watches and drains them, stops them whatever happened, and collects their
         * files when nothing went wrong on the way; the last wills are listened to all along, so that a peer lost while
         * it sends its files is not waited for.
         */
        private void runAndCollect() {
            progress.started(options.testName(), options.testIteration(), describe());
            FanOutWarning.of(options, state.count(Role.RECEIVER)).ifPresent(progress::note);
            BacklogPlan backlog = BacklogPlan.of(options, state.count(Role.SENDER), state.count(Role.RECEIVER));
            backlog.refusal(options).ifPresent(refusal -> {
                throw MaestroException.usage(refusal);
            });
            backlog.describe().ifPresent(progress::note);
            liveStatistics.started(options.testName(), options.testIteration());
            try {
                setOptions();
                LOG.info(
                        "{}: options set on {} peers",
                        options.testName(),
                        state.peers().size());
                clocks.estimate(ClockEstimate.BEFORE);
                if (startAll()) {
                    LOG.info("{}: all peers started", options.testName());
                    loadStartMicros = clock.nowMicros();
                    watchdog.watch(loadStartMicros, plan.plannedTime(), options.warmUp(), definition.actions());
                    drain();
                }
            } finally {
                LOG.info("{}: stopping the peers", options.testName());
                files.beforeStop();
                stopAll();
            }
            clocks.estimate(ClockEstimate.AFTER);
            LOG.info("{}: collecting the results", options.testName());
            files.collect();
            LOG.info("{}: results collected", options.testName());
        }

        /** Records the runner's own verdict beside the peers' files, so the report agrees with the run. */
        private void writeOutcome(List<String> failures) {
            try {
                RecordedVerdictWriter.write(
                        directory,
                        RecordedVerdict.RUNNER_FILE,
                        RecordedVerdict.of(
                                failures.isEmpty(),
                                String.join("; ", failures),
                                options.runId().orElse(null)));
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
            }
        }

        /**
         * The start line: the load as the peers run it (every peer starts from the defaults, so what the test leaves
         * unset is the default shown here) and where it goes, both URLs when senders and receivers use different ones.
         */
        private String describe() {
            if (plan.named()) {
                return plan.describe();
            }
            String send = options.sendUrl().map(UrlRedactor::redact).orElse("?");
            String receive = options.receiveUrl().map(UrlRedactor::redact).orElse("?");
            return String.format(
                    "%s connections × %s msg/s, %s, %s%s → %s",
                    options.parallelCount(),
                    options.rateProfile()
                            .map(profile -> "(" + profile + ")")
                            .orElse(options.rate() == 0 ? "unbounded" : Integer.toString(options.rate())),
                    options.get(OptionCode.PAYLOAD_FILES)
                            .map(files -> "bodies from " + files)
                            .orElse(options.messageSize() + " bytes"),
                    options.duration(),
                    options.warmUp().isZero()
                            ? ""
                            : " (+ warm-up " + options.get(OptionCode.WARM_UP).orElse("") + ")",
                    send.equals(receive) ? send : "send " + send + ", receive " + receive);
        }

        private void discover() {
            List<PeerStatus> found;
            try {
                found = peers.discover(DISCOVERY_WAIT);
            } catch (Exception e) {
                throw MaestroException.infrastructure("cannot reach the peers through " + peers.endpoint() + ": " + e);
            }
            NameClashes.refuse(
                    options.testName(),
                    peers.endpoint(),
                    found.stream()
                            .map(PeerStatus::peer)
                            .filter(peer -> neededRoles().stream().anyMatch(peer::plays))
                            .toList());
            Map<String, Long> byRole = found.stream()
                    .collect(Collectors.groupingBy(s -> s.peer().role(), TreeMap::new, Collectors.counting()));
            List<Role> missing = new ArrayList<>();
            for (Role role : neededRoles()) {
                if (!byRole.containsKey(role.label())) {
                    missing.add(role);
                }
            }
            if (missing.equals(List.of(Role.INSPECTOR)) && !definition.requiresInspector()) {
                state.absent(Role.INSPECTOR, "no inspector peer answered on " + UrlRedactor.redact(peers.endpoint()));
                progress.note("no inspector answered on " + peers.endpoint() + ": the test goes on without SUT data "
                        + "(start one with 'maestro-cli inspector --maestro-url " + peers.endpoint()
                        + "', or set requireInspector to fail instead)");
                missing.clear();
            }
            if (!missing.isEmpty()) {
                throw MaestroException.infrastructure("test '" + options.testName() + "' needs peers of role(s) "
                        + String.join(", ", missing.stream().map(Role::label).toList()) + " but none answered on "
                        + peers.endpoint() + " (found: "
                        + (byRole.isEmpty() ? "no peers" : byRole) + "); start them with "
                        + PeerStartCommands.quoted(missing, peers.endpoint()));
            }
            assignment = PeerAssignment.assign(
                    plan, found.stream().map(PeerStatus::peer).toList(), peers.endpoint(), options.testName());
            for (PeerStatus status : found) {
                if (neededRoles().stream().anyMatch(status.peer()::plays) && assignment.takesPart(status.peer())) {
                    state.add(status.peer());
                }
            }
            AgentAddressing.checkAnswered(definition.actions(), state.peers(), peers.endpoint());
        }

        private List<Role> neededRoles() {
            List<Role> roles = new ArrayList<>(List.of(Role.SENDER, Role.RECEIVER));
            if (wantsInspector()) {
                roles.add(Role.INSPECTOR);
            }
            if (definition.wantsAgent()) {
                roles.add(Role.AGENT);
            }
            return roles;
        }

        /** An inspector is wanted when the script or the environment names a management interface. */
        private boolean wantsInspector() {
            return definition.wantsInspector()
                    || options.get(OptionCode.MANAGEMENT_INTERFACE).isPresent();
        }

        private void setOptions() {
            if (!resetPeers()) {
                return;
            }
            for (FlowOptions.Step option : FlowOptions.steps(plan, assignment, options, state.livePeerIds())) {
                Replies replies = await(
                        peers.set(option.option(), option.value(), option.peerIds(), REPLY_TIMEOUT),
                        "SET " + option.option().parameter());
                if (replies == null) {
                    return;
                }
                List<Note> invalid = replies.errors().stream()
                        .filter(n -> n.payload() instanceof Payload.Error e && e.code() == ErrorCodes.INVALID_OPTION)
                        .toList();
                if (!invalid.isEmpty()) {
                    throw MaestroException.usage(((Payload.Error) invalid.get(0).payload()).message() + " (refused by "
                            + invalid.get(0).sender().qualifiedName() + ")");
                }
                if (!replies.allOk()) {
                    throw MaestroException.infrastructure("peers did not accept "
                            + option.option().parameter() + ": " + Problems.describe(replies, state.peers()));
                }
            }
        }

        /**
         * Resets the options of the test's peers to the defaults (RESET), whatever an earlier test or another client
         * left; false when a peer died meanwhile.
         */
        private boolean resetPeers() {
            Replies replies = await(peers.reset(state.livePeerIds(), REPLY_TIMEOUT), "RESET");
            if (replies == null) {
                return false;
            }
            if (!replies.allOk()) {
                released = true; // nothing of this test was set: nothing to reset after it
                throw MaestroException.infrastructure("peers did not reset their options to the defaults, so the test"
                        + " cannot start from them: " + Problems.describe(replies, state.peers())
                        + (replies.complete()
                                ? ""
                                : " (a peer of a release without RESET does not answer it: run the client and the"
                                        + " peers of the same release)"));
            }
            return true;
        }

        /**
         * Resets the test's live peers once its files are home (or it ended early), so that none holds its options
         * past its end; done once, never throws: a failure is logged, the next test resets them before it starts.
         */
        void releasePeers() {
            if (released) {
                return;
            }
            released = true;
            Set<String> live = state.livePeerIds();
            if (live.isEmpty()) {
                return;
            }
            if (!peers.isConnected()) {
                LOG.warn(
                        "{}: the control broker {} is unreachable: the peers keep this test's options until the next"
                                + " test resets them",
                        options.testName(),
                        peers.endpoint());
                return;
            }
            try {
                Replies replies = Problems.awaitQuietly(peers.reset(live, REPLY_TIMEOUT));
                if (replies == null || !replies.allOk()) {
                    LOG.warn(
                            "{}: not every peer reset its options after the test ({}); the next test resets them"
                                    + " before it starts",
                            options.testName(),
                            replies == null ? "no reply" : Problems.describe(replies, state.peers()));
                }
            } catch (RuntimeException e) {
                LOG.warn(
                        "{}: could not reset the peers' options after the test: {}; the next test resets them"
                                + " before it starts",
                        options.testName(),
                        e.toString());
            }
        }

        /** Starts receivers, inspectors, agents and senders; false when the test cannot go on. */
        private boolean startAll() {
            if (!start(Command.START_RECEIVER, Role.RECEIVER, Payload.Empty.INSTANCE, ATTACH_TIMEOUT)) {
                return false;
            }
            // without INSPECTOR_NAME the inspector that claims MANAGEMENT_INTERFACE's URL is used (see Inspectors)
            if (wantsInspector()
                    && state.count(Role.INSPECTOR) > 0
                    && !inspection.isEmpty()
                    && !new InspectorStart(peers, state, progress, REPLY_TIMEOUT)
                            .start(inspection, definition.requiresInspector())) {
                return false;
            }
            if (wantsInspector()
                    && state.count(Role.INSPECTOR) > 0
                    && inspection.isEmpty()
                    && !start(
                            Command.START_INSPECTOR,
                            Role.INSPECTOR,
                            new Payload.Text(
                                    options.get(OptionCode.INSPECTOR_NAME).orElse("")),
                            REPLY_TIMEOUT)) {
                return false;
            }
            if (definition.wantsAgent()) {
                String source = options.get(OptionCode.EXT_POINT_SOURCE).orElse(null);
                if (source != null
                        && !start(
                                Command.AGENT_SOURCE,
                                Role.AGENT,
                                new Payload.AgentSource(
                                        source,
                                        options.get(OptionCode.EXT_POINT_BRANCH).orElse("")),
                                ATTACH_TIMEOUT)) {
                    return false;
                }
                if (!start(Command.START_AGENT, Role.AGENT, Payload.Empty.INSTANCE, REPLY_TIMEOUT)) {
                    return false;
                }
            }
            return start(Command.START_SENDER, Role.SENDER, Payload.Empty.INSTANCE, ATTACH_TIMEOUT);
        }

        private boolean start(Command command, Role role, Payload payload, Duration timeout) {
            if (state.aborted()) {
                return false;
            }
            Replies replies = await(peers.start(command, role, payload, state.liveIds(role), timeout), command.name());
            if (replies == null) {
                return false;
            }
            for (Note reply : replies.notes()) {
                if (reply.payload() instanceof Payload.Error error) {
                    state.refusedStart(reply.sender().id(), error.message());
                } else {
                    state.started(reply.sender().id());
                }
            }
            if (replies.allOk()) {
                return true;
            }
            String refusal = Problems.refusal(replies, state.peers());
            if (command == Command.START_INSPECTOR && !definition.requiresInspector()) {
                progress.note(refusal + "; the test goes on without SUT data (set requireInspector to fail instead)");
                return true;
            }
            if (Problems.invalidOption(replies)) {
                throw MaestroException.usage(refusal);
            }
            if (Problems.sutUnavailable(replies)) {
                state.failOnSut(refusal);
            } else {
                state.fail(refusal);
            }
            return false;
        }

        /**
         * Asks receivers to consume what is in flight, ends their drain once they consumed what the senders sent (or
         * made no progress for DRAIN_QUIET) and waits for their outcomes.
         */
        private void drain() {
            if (state.aborted() || state.brokerGone()) {
                return;
            }
            progress.note("senders finished; receivers draining what is in flight");
            DrainTarget target = FlowDrainTarget.of(plan, assignment, options, state);
            LOG.info("{}: draining; expected: {}", options.testName(), target.basis());
            Replies replies =
                    Problems.awaitQuietly(peers.drain(state.liveIds(Role.RECEIVER), DrainMode.HOLD, REPLY_TIMEOUT));
            if (replies != null && !replies.errors().isEmpty()) {
                state.fail("DRAIN failed: " + replies.describeErrors());
            }
            long heldUntil = loadStartMicros + BacklogPlan.heldUntil(options).toNanos() / 1000;
            watchdog.awaitDrained(options.drainTimeout(), target, heldUntil);
        }

        private void stopAll() {
            if (state.brokerGone() && !peers.isConnected()) {
                LOG.warn("the control broker {} is unreachable: the peers cannot be told to stop", peers.endpoint());
                return;
            }
            for (Role role : List.of(Role.SENDER, Role.RECEIVER, Role.INSPECTOR, Role.AGENT)) {
                if (state.count(role) == 0) {
                    continue;
                }
                Replies replies = Problems.awaitQuietly(peers.stop(role, state.liveIds(role), REPLY_TIMEOUT));
                if (replies == null || !replies.complete()) {
                    LOG.warn("not every {} confirmed {}", role.label(), TestPeers.stopCommand(role));
                }
            }
            watchdog.awaitStopped();
        }

        /** Waits for replies; returns null when a peer died meanwhile (the test is over then). */
        private Replies await(CompletableFuture<Replies> future, String what) {
            long deadline =
                    clock.nowMicros() + REPLY_TIMEOUT.plus(ATTACH_TIMEOUT).toNanos() / 1_000;
            try {
                while (true) {
                    try {
                        return future.get(100, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException notYet) {
                        if (state.aborted()) {
                            future.cancel(false);
                            return null;
                        }
                        if (clock.nowMicros() > deadline) {
                            throw notYet;
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw MaestroException.infrastructure("interrupted while waiting for " + what);
            } catch (ExecutionException | TimeoutException e) {
                throw MaestroException.infrastructure("the control broker " + peers.endpoint() + " failed during "
                        + what + ": " + (e.getCause() != null ? e.getCause().getMessage() : e));
            }
        }
    }
}
