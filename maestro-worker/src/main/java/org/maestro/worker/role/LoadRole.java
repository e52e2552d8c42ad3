package org.maestro.worker.role;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.DestinationUrls;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Payload;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/**
 * What senders and receivers share as {@link RoleBehaviour}s: at most one {@link LoadRun} at a time, its live figures,
 * flushing and halting. Thread-safe.
 */
public abstract class LoadRole implements RoleBehaviour {
    /** How long {@link #halt()} waits for the run to write its results. */
    protected static final long HALT_WAIT_MILLIS = 15_000;

    /**
     * What the builders of senders and receivers share: the clock and the connect deadline, with their defaults.
     *
     * @param <B> the builder itself
     */
    public abstract static class Builder<B extends Builder<B>> {
        protected MicroClock clock = MicroClock.system();
        protected Duration connectTimeout = Duration.ofSeconds(10);

        protected Builder() {}

        public B clock(MicroClock value) {
            clock = value;
            return self();
        }

        /** How long connecting all connections (a receiver's: attaching all consumers) may take (default 10 s). */
        public B connectTimeout(Duration value) {
            connectTimeout = value;
            return self();
        }

        /** This builder, as its own type. */
        protected abstract B self();
    }

    private final AtomicReference<LoadRun> current = new AtomicReference<>();
    private volatile Payload.Stats lastStats;

    /** Fails with BUSY when a run is going on. */
    protected final void checkIdle() throws RoleException {
        if (current.get() != null) {
            throw new RoleException(
                    ErrorCodes.BUSY,
                    "this " + role().label() + " is still running a test: send STOP or "
                            + "HALT first, or wait for its NOTIFY_SUCCESS/NOTIFY_FAIL");
        }
    }

    /**
     * Checks the role's destination URL when it is set (its own option, else SEND_RECEIVE_URL): a driver handles its
     * scheme and knows its options.
     *
     * @param option the role's own URL option: SEND_URL or RECEIVE_URL
     * @throws IllegalArgumentException naming the option, the problem and the known options
     */
    protected static void checkUrl(TestOptions options, OptionCode option, Optional<String> url) {
        if (url.isPresent()) {
            String parameter = options.get(option).isPresent() ? option.parameter() : OptionCode.BROKER.parameter();
            // the driver checks the URL of destination 0: {n} and {s} are not part of its syntax
            String first = DestinationUrls.resolve(url.get(), 0, 0);
            try {
                Drivers.forUrl(first).check(first);
            } catch (DriverException e) {
                throw new IllegalArgumentException(parameter + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * The destination URL of a new run.
     *
     * @param option the role's own URL option: SEND_URL or RECEIVE_URL
     * @throws RoleException INVALID_OPTION when neither that option nor SEND_RECEIVE_URL is set
     */
    protected static String requireUrl(Optional<String> url, OptionCode option) throws RoleException {
        return url.orElseThrow(() -> new RoleException(
                ErrorCodes.INVALID_OPTION,
                "no " + option.parameter() + " or " + OptionCode.BROKER.parameter()
                        + " is set: set one, e.g. amqp://host:5672/test.queue"));
    }

    /** The driver of a URL, which has checked the URL's options; INVALID_OPTION when it is not right. */
    protected static Driver driver(String url) throws RoleException {
        String first = DestinationUrls.resolve(url, 0, 0);
        try {
            Driver driver = Drivers.forUrl(first);
            driver.check(first);
            return driver;
        } catch (DriverException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage(), e);
        }
    }

    /** The directory of the results of a new run, created when missing; IO when it cannot be. */
    protected static Path resultDirectory(PeerContext context) throws RoleException {
        try {
            return context.resultDirectory();
        } catch (IOException e) {
            throw new RoleException(ErrorCodes.IO, "cannot create the result directory: " + e.getMessage(), e);
        }
    }

    /** Makes the run the current one until it has written its results (the role is idle when it notifies). */
    protected final void track(LoadRun run) {
        current.set(run);
        Runnable release = () -> {
            lastStats = run.stats();
            current.compareAndSet(run, null);
        };
        run.onRelease(release);
        run.finished().whenComplete((outcome, error) -> release.run());
    }

    /** The current run, or null. */
    protected final LoadRun current() {
        return current.get();
    }

    /** Asks the current run, if any, for the event (STOP ends it as planned). */
    protected final void request(LoadRun.Event event) {
        LoadRun run = current.get();
        if (run != null) {
            run.request(event);
        }
    }

    @Override
    public Payload.Stats stats() {
        LoadRun run = current.get();
        Payload.Stats stats = run != null ? run.stats() : lastStats;
        return stats != null ? stats : new Payload.Stats(role().label(), System.currentTimeMillis(), 0, 0, 0, 0);
    }

    @Override
    public void flush() throws IOException {
        LoadRun run = current.get();
        if (run != null) {
            run.flush();
        }
    }

    /** Forgets the figures of the last run: STATS of an idle role that has not run since answers zeros. */
    @Override
    public void reset() {
        lastStats = null;
    }

    @Override
    public boolean busy() {
        return current.get() != null;
    }

    @Override
    public void halt() {
        LoadRun run = current.get();
        if (run == null) {
            return;
        }
        run.request(LoadRun.Event.HALT);
        try {
            run.finished().get(HALT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            current.compareAndSet(run, null);
        }
    }
}
