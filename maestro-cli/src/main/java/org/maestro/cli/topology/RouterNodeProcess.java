package org.maestro.cli.topology;

import java.io.IOException;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maestro.agent.actions.ManagedProcess;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.local.RouterProcess;

/**
 * A router of a topology started on this machine, as a process the agent's ready actions stop and start
 * ({@code restart router2 2 --kill}): stopped with SIGTERM or SIGKILL, started again with its own configuration,
 * and counted as started once it accepts clients again. Thread-safe.
 */
final class RouterNodeProcess implements ManagedProcess {
    private static final long START_TIMEOUT_MILLIS = 15_000;

    private final RouterProcess router;
    private final NodeEndpoint endpoint;

    RouterNodeProcess(RouterProcess router, NodeEndpoint endpoint) {
        this.router = router;
        this.endpoint = endpoint;
    }

    @Override
    public String name() {
        return router.name();
    }

    @Override
    public String describe() {
        return "router " + router.name() + " (qdrouterd at " + endpoint.url() + ")";
    }

    @Override
    public boolean running() {
        return router.isAlive();
    }

    @Override
    public OptionalLong pid() {
        return router.isAlive() ? OptionalLong.of(router.pid()) : OptionalLong.empty();
    }

    @Override
    public boolean canKill() {
        return true;
    }

    @Override
    public synchronized void start(Consumer<String> log) throws Exception {
        if (router.isAlive()) {
            log.accept(describe() + " already runs");
            return;
        }
        long begun = System.nanoTime();
        router.restart();
        long deadline = begun + START_TIMEOUT_MILLIS * 1_000_000;
        while (!endpoint.accepting(200)) {
            router.checkAlive();
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(describe() + " was started again (process " + router.pid()
                        + ") but does not accept clients after " + START_TIMEOUT_MILLIS / 1000 + " s; see "
                        + router.log());
            }
            Thread.sleep(20);
        }
        log.accept("started " + describe() + " again as process " + router.pid() + "; it accepts clients after "
                + (System.nanoTime() - begun) / 1_000_000 + " ms");
    }

    @Override
    public synchronized void stop(boolean kill, Consumer<String> log) throws Exception {
        if (!router.isAlive()) {
            log.accept(describe() + " is already stopped");
            return;
        }
        long pid = router.pid();
        long begun = System.nanoTime();
        router.stop(kill);
        log.accept((kill ? "killed (SIGKILL) " : "stopped (SIGTERM) ") + describe() + ", process " + pid + ", in "
                + (System.nanoTime() - begun) / 1_000_000 + " ms");
    }
}
