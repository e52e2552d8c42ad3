package org.maestro.common.testing;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;

/**
 * A role for tests of the peer base: records the role commands it gets, can be told to refuse an option, and is busy
 * from START_SENDER to STOP_SENDER.
 */
public final class ProbeRole implements RoleBehaviour {
    private final Role role;
    public final List<Command> handled = new CopyOnWriteArrayList<>();
    /** The threads that asked for {@link #stats()}, by name, in order. */
    public final List<String> statsReaders = new CopyOnWriteArrayList<>();

    public volatile boolean halted;
    public volatile int flushes;
    public volatile int resets;
    private volatile boolean running;

    public ProbeRole(Role role) {
        this.role = role;
    }

    @Override
    public Role role() {
        return role;
    }

    @Override
    public Set<Command> commands() {
        return EnumSet.of(Command.START_SENDER, Command.STOP_SENDER);
    }

    @Override
    public Payload handle(Note request, PeerContext context) throws RoleException {
        handled.add(request.command());
        if (context.options().rate() == 13) {
            throw new RoleException(ErrorCodes.OTHER, "rate 13 is unlucky");
        }
        running = request.command() == Command.START_SENDER;
        return Payload.Empty.INSTANCE;
    }

    @Override
    public void checkOptions(TestOptions options) {
        if (options.parallelCount() > 100) {
            throw new IllegalArgumentException("a probe takes at most 100 connections");
        }
        // as the load roles check a URL, naming the parameter themselves
        if (options.sendUrl().filter(url -> url.contains("probe-refuses")).isPresent()) {
            throw new IllegalArgumentException("SEND_RECEIVE_URL: the probe refuses this URL");
        }
    }

    @Override
    public Payload.Stats stats() {
        statsReaders.add(Thread.currentThread().getName());
        return new Payload.Stats(role.label(), System.currentTimeMillis(), handled.size(), 0, 0, 0);
    }

    @Override
    public void flush() throws IOException {
        flushes++;
    }

    @Override
    public void reset() {
        resets++;
    }

    @Override
    public boolean busy() {
        return running;
    }

    @Override
    public void halt() {
        halted = true;
    }
}
