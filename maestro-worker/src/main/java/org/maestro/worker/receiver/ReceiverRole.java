package org.maestro.worker.receiver;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.driver.Driver;
import org.maestro.worker.role.LoadRole;
import org.maestro.worker.role.LoadRun;

/**
 * The {@code receiver} role: on START_RECEIVER, PARALLEL_COUNT consumers attach to RECEIVE_URL (else
 * SEND_RECEIVE_URL) and the request returns only once all are attached; they record response and service time and
 * the sequence numbers of each stream until STOP_RECEIVER, the end of a DRAIN, or the test duration (counted from the
 * first message, as the senders may start well after the receivers) plus a grace period; then the fail-condition latency is evaluated and the run ends with NOTIFY_SUCCESS or NOTIFY_FAIL (after
 * DRAIN_COMPLETE when it drained). A DRAIN says how the drain ends ({@link DrainMode}): the client holds it open
 * ({@code hold}) and ends it ({@code end}) once the receivers consumed what the senders sent or made no progress for
 * DRAIN_QUIET; a DRAIN {@code quiet} ends after the quiet period. RECEIVE_DELAY, RECEIVE_PAUSE and RECEIVE_RATE hold
 * the consumers' deliveries back ({@link ConsumeGate}) to build a backlog. Thread-safe.
 *
 * <pre>{@code
 * ReceiverRole receiver = ReceiverRole.builder().build();
 * receiver.handle(Note.request(Command.START_RECEIVER), context); // consumers attached
 * // ... senders run ...
 * // consume what is in flight, then stop
 * receiver.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), context);
 * }</pre>
 */
public final class ReceiverRole extends LoadRole {

    /** The settings of a receiver that are not test options. */
    public record Settings(MicroClock clock, Duration connectTimeout, Duration quietPeriod, Duration gracePeriod) {
        public Settings {
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(connectTimeout, "connectTimeout");
            Objects.requireNonNull(quietPeriod, "quietPeriod");
            Objects.requireNonNull(gracePeriod, "gracePeriod");
        }
    }

    /** Builds a {@link ReceiverRole}; every setting has a default. */
    public static final class Builder extends LoadRole.Builder<Builder> {
        private Duration quietPeriod = Duration.ofSeconds(1);
        private Duration gracePeriod = Duration.ofSeconds(10);

        private Builder() {}

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * How long no message of any kind (priming and stale ones included) must arrive for a {@code quiet} drain to
         * end (default 1 s); a held drain ignores it.
         */
        public Builder quietPeriod(Duration value) {
            quietPeriod = value;
            return this;
        }

        /**
         * Without DRAIN: how long a timed run goes on after warm-up plus duration, and how long a count-bounded run
         * waits after the last message (default 10 s).
         */
        public Builder gracePeriod(Duration value) {
            gracePeriod = value;
            return this;
        }

        public ReceiverRole build() {
            return new ReceiverRole(settings());
        }

        private Settings settings() {
            return new Settings(clock, connectTimeout, quietPeriod, gracePeriod);
        }
    }

    private final Settings settings;

    /** A receiver with the default settings. */
    public ReceiverRole() {
        this(builder().settings());
    }

    private ReceiverRole(Settings settings) {
        this.settings = settings;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Role role() {
        return Role.RECEIVER;
    }

    @Override
    public Set<Command> commands() {
        return Set.of(Command.START_RECEIVER, Command.STOP_RECEIVER, Command.DRAIN);
    }

    @Override
    public void checkOptions(TestOptions options) {
        checkUrl(options, OptionCode.RECEIVE_URL, options.receiveUrl());
    }

    @Override
    public Payload handle(Note request, PeerContext context) throws RoleException {
        switch (request.command()) {
            case START_RECEIVER -> start(context);
            case STOP_RECEIVER -> request(LoadRun.Event.STOP);
            case DRAIN -> drain(drainMode(request), context);
            default -> throw RoleException.unsupported(request.command(), role());
        }
        return Payload.Empty.INSTANCE;
    }

    private static DrainMode drainMode(Note request) throws RoleException {
        try {
            return DrainMode.of(request.payload());
        } catch (IllegalArgumentException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage(), e);
        }
    }

    private void drain(DrainMode mode, PeerContext context) {
        LoadRun run = current();
        if (run instanceof ReceiverRun receiving) {
            receiving.drain(mode);
        } else if (mode != DrainMode.END) {
            context.notify(Command.DRAIN_COMPLETE, "nothing to drain: no test is running", Map.of());
        }
    }

    private void start(PeerContext context) throws RoleException {
        checkIdle();
        TestOptions options = context.options();
        String url = requireUrl(options.receiveUrl(), OptionCode.RECEIVE_URL);
        Driver driver = driver(url);
        ReceiverRun run = new ReceiverRun(context, options, resultDirectory(context), url, driver, settings);
        run.start();
        track(run);
    }
}
