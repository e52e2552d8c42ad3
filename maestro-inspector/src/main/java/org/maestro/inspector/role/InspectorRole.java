package org.maestro.inspector.role;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.common.inspection.SystemList;
import org.maestro.common.inspection.SystemToInspect;
import org.maestro.common.options.Durations;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.FixedRateTicker;
import org.maestro.common.time.Ticker;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionPoller;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.PollerStats;
import org.maestro.inspector.csv.DataSet;
import org.maestro.inspector.csv.DataSetFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The inspector role of a peer: on START_INSPECTOR it connects to the SUT's management interface
 * (MANAGEMENT_INTERFACE) with the inspector named by the note's text (or INSPECTOR_NAME, or the one the URL's
 * URL implies, see {@link Inspectors#forUrl}) and polls it every
 * INSPECTION_INTERVAL (default 5 s, at least 1 s) into one CSV per data set in the result directory, until
 * STOP_INSPECTOR or HALT. Thread-safe: the control thread and a halting thread may call it at once.
 *
 * <p>Each request to the SUT waits at most the interval, and never more than 5 s. At START_INSPECTOR a SUT that
 * does not answer in time or cannot be reached yet is tried up to {@value #CONNECT_ATTEMPTS} times within 8 s
 * ({@link InspectionException.Kind#transientFailure()}), one that refuses the credentials or answers something else once;
 * then the start fails with a message saying why. Later failures (a SUT
 * restarting) are logged and counted while polling goes on. STATS answers the polls done and the failed ones.
 */
public final class InspectorRole implements RoleBehaviour {
    /** The shortest interval accepted: polling more often would load the SUT. */
    public static final Duration MINIMUM_INTERVAL = Duration.ofSeconds(1);
    /** The longest wait for one answer of the SUT. */
    public static final Duration MAXIMUM_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(InspectorRole.class);
    /** Where the files of each system of a list go: {@code systems/<name>/} in the peer's result directory. */
    public static final String SYSTEMS_DIRECTORY = "systems";
    /** How often START tries a management endpoint that does not answer in time or cannot be reached yet. */
    static final int CONNECT_ATTEMPTS = 3;
    /** The pause before trying again an endpoint that could not be reached (one that timed out has waited). */
    private static final Duration UNREACHABLE_PAUSE = Duration.ofSeconds(1);
    /**
     * The longest START_INSPECTOR spends trying, so that its answer reaches the client within the client's reply
     * deadline (10 s): no attempt begins that would end after it.
     */
    static final Duration START_BUDGET = Duration.ofSeconds(8);

    private final Ticker ticker;
    private final MicroClock clock;
    private final Object lock = new Object();
    /** The running inspections by system name; the single system of the older START_INSPECTOR form is "". */
    private final Map<String, SystemInspection> inspections = new LinkedHashMap<>();

    private PollerStats lastStats = PollerStats.NONE;

    /** An inspector role on the real clock. */
    public InspectorRole() {
        this(new FixedRateTicker("maestro-inspector-ticker"), MicroClock.system());
    }

    /**
     * An inspector role with the given timeline and clock (tests tick by hand).
     *
     * @param clock epoch milliseconds
     */
    public InspectorRole(Ticker ticker, MicroClock clock) {
        this.ticker = ticker;
        this.clock = clock;
    }

    @Override
    public Role role() {
        return Role.INSPECTOR;
    }

    @Override
    public Set<Command> commands() {
        return EnumSet.of(Command.START_INSPECTOR, Command.STOP_INSPECTOR);
    }

    @Override
    public Payload handle(Note request, PeerContext context) throws RoleException {
        switch (request.command()) {
            case START_INSPECTOR -> start(request.payload() instanceof Payload.Text text ? text.text() : "", context);
            case STOP_INSPECTOR -> stop(context, true);
            default -> throw RoleException.unsupported(request.command(), role());
        }
        return Payload.Empty.INSTANCE;
    }

    @Override
    public void checkOptions(TestOptions options) {
        Duration interval = options.inspectionInterval();
        if (interval.compareTo(MINIMUM_INTERVAL) < 0) {
            throw new InvalidOptionException(
                    OptionCode.INSPECTION_INTERVAL.parameter(),
                    options.get(OptionCode.INSPECTION_INTERVAL).orElse(Durations.format(interval)),
                    "a duration of at least 1s, such as 5s (the default): polling more often would load the SUT");
        }
    }

    private void start(String text, PeerContext context) throws RoleException {
        synchronized (lock) {
            if (!inspections.isEmpty()) {
                SystemInspection running = inspections.values().iterator().next();
                throw new RoleException(
                        ErrorCodes.BUSY,
                        running.describe() + " already inspects "
                                + running.url().redacted() + "; send STOP_INSPECTOR before starting another");
            }
            TestOptions options = context.options();
            try {
                checkOptions(options);
            } catch (InvalidOptionException e) {
                throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
            }
            long begin = System.nanoTime();
            if (SystemList.isList(text)) {
                startSystems(text, options, context, begin);
                return;
            }
            String name =
                    text.isBlank() ? options.get(OptionCode.INSPECTOR_NAME).orElse("") : text;
            String address = options.get(OptionCode.MANAGEMENT_INTERFACE)
                    .orElseThrow(() -> new RoleException(
                            ErrorCodes.INVALID_OPTION,
                            "MANAGEMENT_INTERFACE is not set: set it to the SUT's management URL, "
                                    + "e.g. http://user:password@broker:8161/console/jolokia (artemis) or amqp://router:5672 "
                                    + "(dispatch)"));
            SystemInspection started =
                    open("", name, address, options.inspectionInterval(), resultDirectory(context), begin);
            inspections.put("", started);
            notifyReady(List.of(started), context);
        }
    }

    /**
     * Starts one inspection per system of the list, each in {@code systems/<name>/}; the systems that cannot start
     * are named in the refusal, the others go on polling. All share the start's time budget.
     */
    private void startSystems(String text, TestOptions options, PeerContext context, long begin) throws RoleException {
        List<SystemToInspect> systems;
        try {
            systems = SystemList.decode(text);
        } catch (IllegalArgumentException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
        }
        Path root = resultDirectory(context);
        List<String> failures = new ArrayList<>();
        int code = ErrorCodes.SUT_UNAVAILABLE;
        for (SystemToInspect system : systems) {
            try {
                inspections.put(
                        system.name(),
                        open(
                                system.name(),
                                system.kind(),
                                system.url(),
                                options.inspectionInterval(),
                                root.resolve(SYSTEMS_DIRECTORY).resolve(system.name()),
                                begin));
            } catch (RoleException e) {
                failures.add(SystemList.FAILURE_PREFIX + system.name() + "' (" + system.redactedUrl() + "): "
                        + e.getMessage());
                code = e.code() == ErrorCodes.SUT_UNAVAILABLE ? code : e.code();
            }
        }
        if (!inspections.isEmpty()) {
            notifyReady(List.copyOf(inspections.values()), context);
        }
        if (!failures.isEmpty()) {
            String others = inspections.isEmpty()
                    ? ""
                    : "; the others are inspected: " + String.join(", ", inspections.keySet());
            throw new RoleException(code, String.join("; ", failures) + others);
        }
    }

    private static Path resultDirectory(PeerContext context) throws RoleException {
        try {
            return context.resultDirectory();
        } catch (IOException e) {
            throw new RoleException(ErrorCodes.IO, "the inspector cannot write its data: " + e.getMessage(), e);
        }
    }

    /** Creates the inspector of one system, connects it and starts its polling into {@code directory}. */
    private SystemInspection open(
            String system, String name, String address, Duration interval, Path directory, long begin)
            throws RoleException {
        Duration requestTimeout = interval.compareTo(MAXIMUM_REQUEST_TIMEOUT) < 0 ? interval : MAXIMUM_REQUEST_TIMEOUT;
        ManagementUrl url;
        Inspector inspector;
        try {
            url = ManagementUrl.parse(address);
            inspector = Inspectors.create(name.isBlank() ? Inspectors.forUrl(url) : name, url, requestTimeout);
        } catch (IllegalArgumentException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
        }
        connect(inspector, begin);
        DataSetFiles files;
        try {
            Files.createDirectories(directory);
            List<DataSet> dataSets = new ArrayList<>(inspector.dataSets());
            dataSets.add(InspectionPoller.POLLS);
            files = DataSetFiles.create(directory, dataSets);
        } catch (IOException e) {
            inspector.close();
            throw new RoleException(ErrorCodes.IO, "the inspector cannot write its data: " + e.getMessage(), e);
        }
        SystemInspection started = new SystemInspection(
                system,
                inspector,
                url,
                interval,
                directory,
                files,
                clock.nowMicros() / 1_000,
                new InspectionPoller(inspector, files, interval, ticker, clock));
        started.writeProperties(null, 0);
        started.poller().start();
        LOG.info(
                "{} polls {} every {} into {}",
                started.describe(),
                url.redacted(),
                Durations.format(interval),
                directory);
        return started;
    }

    /**
     * Connects an inspector. A management endpoint can be slow to answer or not listening yet (a cold JVM, a router
     * starting, a busy host): that is tried again, as long as another attempt like this one fits in the start's budget
     * (counted from {@code begin}); a refusal of the credentials or a wrong answer is not.
     */
    private static void connect(Inspector inspector, long begin) throws RoleException {
        for (int attempt = 1; ; attempt++) {
            long attemptBegin = System.nanoTime();
            try {
                inspector.connect();
                return;
            } catch (InspectionException e) {
                long now = System.nanoTime();
                Duration retryPause =
                        e.kind() == InspectionException.Kind.UNREACHABLE ? UNREACHABLE_PAUSE : Duration.ZERO;
                boolean fits = now - begin + (now - attemptBegin) + retryPause.toNanos() <= START_BUDGET.toNanos();
                if (e.kind().transientFailure() && attempt < CONNECT_ATTEMPTS && fits) {
                    LOG.info(
                            "{} inspector: {}; trying again ({} of {})",
                            inspector.name(),
                            e.getMessage(),
                            attempt + 1,
                            CONNECT_ATTEMPTS);
                    if (!retryPause.isZero() && !pause(retryPause)) {
                        inspector.close();
                        throw new RoleException(
                                ErrorCodes.SUT_UNAVAILABLE,
                                "the " + inspector.name()
                                        + " inspector cannot start: interrupted while waiting to try again");
                    }
                    continue;
                }
                inspector.close();
                throw new RoleException(
                        ErrorCodes.SUT_UNAVAILABLE,
                        "the " + inspector.name() + " inspector cannot " + "start: " + e.getMessage());
            }
        }
    }

    /** Tells the client what is polled: NOTIFY_READY naming the inspector, or each system of a list. */
    private static void notifyReady(List<SystemInspection> started, PeerContext context) {
        SystemInspection first = started.get(0);
        String interval = Durations.format(first.interval());
        if (started.size() == 1 && first.system().isEmpty()) {
            context.notify(
                    Command.NOTIFY_READY,
                    "the " + first.inspector().name() + " inspector polls "
                            + first.url().redacted() + " every " + interval,
                    Map.of(
                            "inspector",
                            first.inspector().name(),
                            "url",
                            first.url().redacted(),
                            "interval",
                            interval));
            return;
        }
        Map<String, String> details = new LinkedHashMap<>();
        details.put("interval", interval);
        details.put(
                "systems",
                String.join(",", started.stream().map(i -> i.system()).toList()));
        for (SystemInspection inspection : started) {
            details.put(
                    "system." + inspection.system() + ".inspector",
                    inspection.inspector().name());
            details.put(
                    "system." + inspection.system() + ".url", inspection.url().redacted());
        }
        List<String> polled = started.stream()
                .map(i -> i.system() + " (" + i.inspector().name() + ", "
                        + i.url().redacted() + ")")
                .toList();
        context.notify(
                Command.NOTIFY_READY,
                "the inspectors poll " + String.join(", ", polled) + " every " + interval,
                details);
    }

    /** Waits the given time; false when interrupted. */
    private static boolean pause(Duration time) {
        try {
            Thread.sleep(time.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void stop(PeerContext context, boolean wait) {
        List<SystemInspection> stopping;
        synchronized (lock) {
            stopping = new ArrayList<>(inspections.values());
            inspections.clear();
        }
        if (stopping.isEmpty()) {
            LOG.info("STOP_INSPECTOR: no inspection is running");
            return;
        }
        Map<String, PollerStats> stats = new LinkedHashMap<>();
        for (SystemInspection inspection : stopping) {
            stats.put(inspection.system(), inspection.end(wait, clock));
        }
        PollerStats total = PollerStats.sum(stats.values());
        synchronized (lock) {
            lastStats = total;
        }
        if (context != null) {
            new InspectionOutcome(stopping, stats).notify(context);
        }
    }

    @Override
    public Payload.Stats stats() {
        PollerStats stats = pollerStats();
        return new Payload.Stats(
                Role.INSPECTOR.label(), clock.nowMicros() / 1_000, stats.polls(), 0.0, 0, stats.errors());
    }

    /** The polling figures of the running inspections (all systems together), or of the last ones. */
    public PollerStats pollerStats() {
        synchronized (lock) {
            return inspections.isEmpty()
                    ? lastStats
                    : PollerStats.sum(inspections.values().stream()
                            .map(i -> i.poller().stats())
                            .toList());
        }
    }

    @Override
    public void flush() throws IOException {
        List<SystemInspection> current;
        synchronized (lock) {
            current = new ArrayList<>(inspections.values());
        }
        for (SystemInspection inspection : current) {
            inspection.files().flush();
        }
    }

    /** Forgets the polling figures of the last inspection. */
    @Override
    public void reset() {
        synchronized (lock) {
            lastStats = PollerStats.NONE;
        }
    }

    @Override
    public boolean busy() {
        synchronized (lock) {
            return !inspections.isEmpty();
        }
    }

    @Override
    public void halt() {
        try {
            stop(null, false);
        } catch (RuntimeException e) {
            LOG.warn("the inspector did not halt cleanly: {}", e.toString());
        }
    }
}
