package org.maestro.common.peer;

import java.io.IOException;
import java.util.Set;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;

/**
 * What a peer of one {@link Role} (sender, receiver, inspector, agent) does beyond the commands every peer answers
 * (PING, SET, RESET, STATS, GET, FLUSH, HALT, LOG), which {@link Peer} handles itself.
 *
 * <p>{@link #handle} is called on the peer's single control thread, one request at a time: it must return
 * within a few seconds. Long work (a test, an action) runs on the role's own threads and ends with
 * {@link PeerContext#notify}. A typical role:
 *
 * <pre>{@code
 * public Payload handle(Note request, PeerContext context) throws RoleException {
 *     switch (request.command()) {
 *         case START_SENDER -> sender.start(context.options(), context.resultDirectory());
 *         case STOP_SENDER -> sender.stop();
 *         default -> throw RoleException.unsupported(request.command(), role());
 *     }
 *     return Payload.Empty.INSTANCE; // answered with OK
 * }
 * }</pre>
 */
public interface RoleBehaviour {

    /** The role this behaviour is: sender, receiver, inspector or agent. */
    Role role();

    /** The role-specific commands this role answers; others get INTERNAL_ERROR without calling {@link #handle}. */
    Set<Command> commands();

    /**
     * Handles one role command.
     *
     * @return the payload of the OK reply ({@link Payload.Empty#INSTANCE} in most cases)
     * @throws RoleException when the request cannot be done; its message becomes the INTERNAL_ERROR text
     */
    Payload handle(Note request, PeerContext context) throws RoleException;

    /** Checks the options this role needs before they are accepted by SET; throws with a clear message. */
    default void checkOptions(TestOptions options) {}

    /** The live figures answered to STATS. */
    Payload.Stats stats();

    /** Writes buffered test data to the result directory (FLUSH). */
    void flush() throws IOException;

    /**
     * Forgets what the last test left in the role (its last figures, a source it was given), so that the next test
     * starts as on a new peer; called on RESET, only while the role is not {@link #busy()}.
     */
    default void reset() {}

    /** True while the role runs a test or an action. */
    boolean busy();

    /** Stops all work at once, restoring what it changed (HALT, or the peer closing); never throws. */
    void halt();
}
