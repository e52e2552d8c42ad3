package org.maestro.inspector.role;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.common.files.inspector.InspectorProperties;
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
    private static final Duration STOP_WAIT = Duration.ofSeconds(3);
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
    private Inspection inspection;
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

    private void start(String requestedName, PeerContext context) throws RoleException {
        synchronized (lock) {
            if (inspection != null) {
                throw new RoleException(
                        ErrorCodes.BUSY,
                        "the " + inspection.inspector.name()
                                + " inspector already inspects " + inspection.url.redacted()
                                + "; send STOP_INSPECTOR before starting another");
            }
            TestOptions options = context.options();
            String name = requestedName.isBlank()
                    ? options.get(OptionCode.INSPECTOR_NAME).orElse("")
                    : requestedName;
            try {
                checkOptions(options);
            } catch (InvalidOptionException e) {
                throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
            }
            Duration interval = options.inspectionInterval();
            String address = options.get(OptionCode.MANAGEMENT_INTERFACE)
                    .orElseThrow(() -> new RoleException(
                            ErrorCodes.INVALID_OPTION,
                            "MANAGEMENT_INTERFACE is not set: set it to the SUT's management URL, "
                                    + "e.g. http://user:password@broker:8161/console/jolokia (artemis) or amqp://router:5672 "
                                    + "(dispatch)"));
            Duration requestTimeout =
                    interval.compareTo(MAXIMUM_REQUEST_TIMEOUT) < 0 ? interval : MAXIMUM_REQUEST_TIMEOUT;
            ManagementUrl url;
            Inspector inspector;
            try {
                url = ManagementUrl.parse(address);
                inspector = Inspectors.create(name.isBlank() ? Inspectors.forUrl(url) : name, url, requestTimeout);
            } catch (IllegalArgumentException e) {
                throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
            }
            inspection = open(inspector, url, interval, context);
        }
    }

    private Inspection open(Inspector inspector, ManagementUrl url, Duration interval, PeerContext context)
            throws RoleException {
        long begin = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            long attemptBegin = System.nanoTime();
            try {
                inspector.connect();
                break;
            } catch (InspectionException e) {
                // a management endpoint can be slow to answer or not listening yet (a cold JVM, a router starting,
                // a busy host): that is tried again, as long as another attempt like this one fits in the start's
                // budget; a refusal of the credentials or a wrong answer is not
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
        Path directory;
        DataSetFiles files;
        try {
            directory = context.resultDirectory();
            List<org.maestro.inspector.csv.DataSet> dataSets = new java.util.ArrayList<>(inspector.dataSets());
            dataSets.add(org.maestro.inspector.InspectionPoller.POLLS);
            files = DataSetFiles.create(directory, dataSets);
        } catch (IOException e) {
            inspector.close();
            throw new RoleException(ErrorCodes.IO, "the inspector cannot write its data: " + e.getMessage(), e);
        }
        Inspection started = new Inspection(
                inspector,
                url,
                interval,
                directory,
                files,
                clock.nowMicros() / 1_000,
                new InspectionPoller(inspector, files, interval, ticker, clock));
        started.writeProperties(null, 0);
        started.poller.start();
        LOG.info(
                "{} inspector polls {} every {} into {}",
                inspector.name(),
                url.redacted(),
                Durations.format(interval),
                directory);
        context.notify(
                Command.NOTIFY_READY,
                "the " + inspector.name() + " inspector polls " + url.redacted() + " every "
                        + Durations.format(interval),
                Map.of("inspector", inspector.name(), "url", url.redacted(), "interval", Durations.format(interval)));
        return started;
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
        Inspection stopping;
        synchronized (lock) {
            stopping = inspection;
            inspection = null;
        }
        if (stopping == null) {
            LOG.info("STOP_INSPECTOR: no inspection is running");
            return;
        }
        PollerStats stats = stopping.end(wait, clock);
        synchronized (lock) {
            lastStats = stats;
        }
        if (context == null) {
            return;
        }
        Map<String, String> details = new LinkedHashMap<>();
        details.put("inspector", stopping.inspector.name());
        details.put("url", stopping.url.redacted());
        details.put("polls", Long.toString(stats.polls()));
        details.put("errors", Long.toString(stats.errors()));
        details.put("skippedTicks", Long.toString(stats.skippedTicks()));
        if (stats.polls() > stats.errors()) {
            context.notify(
                    Command.NOTIFY_SUCCESS,
                    "the " + stopping.inspector.name() + " inspector made " + stats.polls() + " polls of "
                            + stopping.url.redacted() + ", " + stats.errors() + " failed",
                    details);
        } else {
            details.put("lastError", stats.lastError());
            context.notify(
                    Command.NOTIFY_FAIL,
                    "the " + stopping.inspector.name() + " inspector read nothing from "
                            + stopping.url.redacted() + " (" + stats.polls() + " polls, all failed"
                            + (stats.lastError().isEmpty() ? "" : "; last: " + stats.lastError()) + ")",
                    details);
        }
    }

    @Override
    public Payload.Stats stats() {
        PollerStats stats;
        synchronized (lock) {
            stats = inspection != null ? inspection.poller.stats() : lastStats;
        }
        return new Payload.Stats(
                Role.INSPECTOR.label(), clock.nowMicros() / 1_000, stats.polls(), 0.0, 0, stats.errors());
    }

    /** The polling figures of the running inspection, or of the last one. */
    public PollerStats pollerStats() {
        synchronized (lock) {
            return inspection != null ? inspection.poller.stats() : lastStats;
        }
    }

    @Override
    public void flush() throws IOException {
        Inspection current;
        synchronized (lock) {
            current = inspection;
        }
        if (current != null) {
            current.files.flush();
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
            return inspection != null;
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

    /** One running inspection and what it writes. */
    private static final class Inspection {
        final Inspector inspector;
        final ManagementUrl url;
        final Duration interval;
        final Path directory;
        final DataSetFiles files;
        final long startMillis;
        final InspectionPoller poller;

        Inspection(
                Inspector inspector,
                ManagementUrl url,
                Duration interval,
                Path directory,
                DataSetFiles files,
                long startMillis,
                InspectionPoller poller) {
            this.inspector = inspector;
            this.url = url;
            this.interval = interval;
            this.directory = directory;
            this.files = files;
            this.startMillis = startMillis;
            this.poller = poller;
        }

        /** Stops polling (waiting a little for a poll in progress when asked), closes everything, returns figures. */
        PollerStats end(boolean wait, MicroClock clock) {
            boolean idle = false;
            try {
                idle = wait && poller.stop(STOP_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!idle) {
                poller.halt();
            }
            inspector.close();
            try {
                files.close();
            } catch (IOException e) {
                LOG.warn("cannot close the inspector files in {}: {}", directory, e.getMessage());
            }
            PollerStats stats = poller.stats();
            writeProperties(stats, clock.nowMicros() / 1_000);
            return stats;
        }

        void writeProperties(PollerStats stats, long endMillis) {
            Map<String, String> entries = new LinkedHashMap<>(inspector.facts());
            entries.put("inspector.name", inspector.name());
            entries.put("inspector.url", url.redacted());
            entries.put("inspector.interval", Durations.format(interval));
            entries.put("inspector.start", Long.toString(startMillis));
            if (stats != null) {
                entries.put("inspector.end", Long.toString(endMillis));
                entries.put("inspector.polls", Long.toString(stats.polls()));
                entries.put("inspector.errors", Long.toString(stats.errors()));
                entries.put("inspector.skippedTicks", Long.toString(stats.skippedTicks()));
                entries.put("inspector.lastError", stats.lastError());
            }
            try {
                InspectorProperties.write(directory, entries);
            } catch (IOException e) {
                LOG.warn("cannot write {} in {}: {}", InspectorProperties.FILE, directory, e.getMessage());
            }
        }
    }
}
