package org.maestro.cli;

import java.time.Duration;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.transport.TransportException;

/** Runs one peer in the foreground until it is halted (HALT note) or the process is stopped (SIGTERM, Ctrl-C). */
final class PeerRunner {
    private PeerRunner() {}

    static int run(PeerConfig config, RoleBehaviour behaviour) throws TransportException, InterruptedException {
        Peer peer = Peer.start(config, behaviour);
        Thread hook = new Thread(peer::close, "maestro-peer-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        System.out.println(behaviour.role().label() + " " + peer.info().qualifiedName() + " (id "
                + peer.info().id() + ") serving on " + config.maestro() + "; results in " + config.resultsRoot());
        System.out.flush();
        while (!peer.awaitHalt(Duration.ofHours(1))) {
            // serve until halted
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running already
        }
        peer.close();
        System.out.println(peer.info().qualifiedName() + " halted");
        return ExitCode.OK.code();
    }
}
