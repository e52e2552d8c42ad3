package org.maestro.worker.sender;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.PayloadFiles;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.Sleeper;
import org.maestro.driver.Driver;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.payload.BodyPlan;
import org.maestro.worker.payload.PayloadDirectory;
import org.maestro.worker.payload.PayloadException;
import org.maestro.worker.role.LoadRole;
import org.maestro.worker.role.LoadRun;

/**
 * The {@code sender} role: on START_SENDER, PARALLEL_COUNT connections send stamped messages to SEND_URL (else
 * SEND_RECEIVE_URL) on a fixed-rate timeline or unbounded, for TEST_DURATION, recording the send delay; the run
 * ends with NOTIFY_SUCCESS or NOTIFY_FAIL. Thread-safe.
 *
 * <pre>{@code
 * SenderRole sender = SenderRole.builder().build();
 * sender.handle(Note.request(Command.START_SENDER), context);   // returns once all connections are open
 * // ... NOTIFY_SUCCESS arrives through context.notify(...) at the end of the test
 * }</pre>
 */
public final class SenderRole extends LoadRole {

    /** The settings of a sender that are not test options: clock, pauses, deadlines and the test hook. */
    public record Settings(
            MicroClock clock, Sleeper pause, SendHook hook, Duration connectTimeout, Duration stallLimit) {
        public Settings {
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(pause, "pause");
            Objects.requireNonNull(hook, "hook");
            Objects.requireNonNull(connectTimeout, "connectTimeout");
            Objects.requireNonNull(stallLimit, "stallLimit");
        }
    }

    /** Builds a {@link SenderRole}; every setting has a default. */
    public static final class Builder extends LoadRole.Builder<Builder> {
        private Sleeper pause = Sleeper.system();
        private SendHook hook = SendHook.NONE;
        private Duration stallLimit = Duration.ofSeconds(60);
        private PayloadDirectory payloads = PayloadDirectory.NONE;

        private Builder() {}

        @Override
        protected Builder self() {
            return this;
        }

        public Builder pause(Sleeper value) {
            pause = value;
            return this;
        }

        /** A hook called before each send (tests stall a sender with it). */
        public Builder hook(SendHook value) {
            hook = value;
            return this;
        }

        /** How long a connection may send nothing before the run fails (default 60 s). */
        public Builder stallLimit(Duration value) {
            stallLimit = value;
            return this;
        }

        /** The directory PAYLOAD_FILES names files in (default none: PAYLOAD_FILES is refused). */
        public Builder payloadDirectory(Path directory) {
            payloads = PayloadDirectory.of(directory);
            return this;
        }

        public SenderRole build() {
            return new SenderRole(settings(), payloads);
        }

        private Settings settings() {
            return new Settings(clock, pause, hook, connectTimeout, stallLimit);
        }
    }

    private final Settings settings;
    private final PayloadDirectory payloads;

    /** A sender with the default settings. */
    public SenderRole() {
        this(builder().settings(), PayloadDirectory.NONE);
    }

    private SenderRole(Settings settings, PayloadDirectory payloads) {
        this.settings = settings;
        this.payloads = payloads;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Role role() {
        return Role.SENDER;
    }

    @Override
    public Set<Command> commands() {
        return Set.of(Command.START_SENDER, Command.STOP_SENDER);
    }

    @Override
    public void checkOptions(TestOptions options) {
        MessageSize size = options.messageSize();
        if (size.minimum() < MessageStamp.FIXED_SIZE) {
            throw new InvalidOptionException(
                    "MESSAGE_SIZE",
                    size.toString(),
                    "at least " + MessageStamp.FIXED_SIZE
                            + " bytes plus the sender name: smaller messages cannot carry the Maestro message header");
        }
        checkUrl(options, OptionCode.SEND_URL, options.sendUrl());
    }

    @Override
    public Payload handle(Note request, PeerContext context) throws RoleException {
        switch (request.command()) {
            case START_SENDER -> start(context);
            case STOP_SENDER -> request(LoadRun.Event.STOP);
            default -> throw RoleException.unsupported(request.command(), role());
        }
        return Payload.Empty.INSTANCE;
    }

    private void start(PeerContext context) throws RoleException {
        checkIdle();
        TestOptions options = context.options();
        String url = requireUrl(options.sendUrl(), OptionCode.SEND_URL);
        byte[] nameBytes;
        try {
            nameBytes = MessageStamp.nameBytes(context.self().qualifiedName());
        } catch (IllegalArgumentException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
        }
        int header = MessageStamp.headerSize(nameBytes);
        MessageSize size = options.messageSize();
        SendPlan plan = SendPlan.of(options);
        Optional<PayloadFiles> files = options.payloadFiles();
        if (files.isPresent()) {
            plan = plan.withBodies(fileBodies(files.get(), size, header, options.parallelCount()));
        } else if (size.minimum() < header) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "MESSAGE_SIZE=" + size + " is smaller than the "
                            + header + "-byte message header of "
                            + context.self().qualifiedName() + " ("
                            + MessageStamp.FIXED_SIZE + " bytes + the sender name): set MESSAGE_SIZE to at least "
                            + header
                            + (size.minimum() != size.maximum()
                                    ? " (the smallest size of " + size + " is " + size.minimum() + ")"
                                    : ""));
        }
        Driver driver = driver(url);
        SenderRun run =
                new SenderRun(context, options, resultDirectory(context), url, driver, nameBytes, settings, plan);
        run.start();
        track(run);
    }

    /** The bodies of the payload files, read from the payload directory; refuses what cannot be used. */
    private BodyPlan fileBodies(PayloadFiles files, MessageSize size, int header, int connections)
            throws RoleException {
        List<byte[]> contents;
        try {
            contents = payloads.read(files, MessageSize.MAX_BYTES - header);
        } catch (PayloadException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
        }
        long perConnection =
                contents.stream().mapToLong(c -> c.length + (long) header).sum();
        long memory = Runtime.getRuntime().maxMemory();
        if (perConnection * connections > memory / 2) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    "PAYLOAD_FILES=" + String.join(",", files.names()) + " makes " + perConnection
                            + " bytes of bodies per connection, " + perConnection * connections + " for the "
                            + connections + " connections (PARALLEL_COUNT), more than half of this worker's "
                            + memory + "-byte heap: use smaller files or fewer connections");
        }
        return new BodyPlan(size, 0, contents, files.shares());
    }
}
