package org.maestro.worker.role;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Payload;

/**
 * What senders and receivers share as {@link RoleBehaviour}s: at most one {@link LoadRun} at a time, its live figures,
 * flushing and halting. Thread-safe.
 */
public abstract class LoadRole implements RoleBehaviour {
    /** How long {@link #halt()} waits for the run to write its results. */
    protected static final long HALT_WAIT_MILLIS = 15_000;

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
     * Checks a destination URL option when it is set: a driver handles its scheme and knows its options.
     *
     * @throws IllegalArgumentException naming the option, the problem and the known options
     */
    protected static void checkUrl(String parameter, java.util.Optional<String> url) {
        if (url.isPresent()) {
            try {
                org.maestro.driver.Drivers.forUrl(url.get()).check(url.get());
            } catch (org.maestro.driver.DriverException e) {
                throw new IllegalArgumentException(parameter + ": " + e.getMessage(), e);
            }
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
