package org.maestro.common.protocol;

import java.util.Locale;

/**
 * The part a peer plays in a test. Its {@link #label() label} is the name it goes by on the wire (the role field of
 * every note a peer sends, the role topics {@code /mpt/daemon/<role>}), on the command line and in the files
 * of a test ({@code peer.role} in test.properties, {@code role} in peer-result.json and roster.json, summary.json).
 *
 * <pre>{@code
 * if (peer.plays(Role.RECEIVER)) { ... }                       // a peer that announced itself
 * Role declared = Role.parse(properties.get("peer.role"));    // a name read from a file
 * }</pre>
 */
public enum Role {
    /** Sends the load. */
    SENDER,
    /** Receives the load and measures its latency. */
    RECEIVER,
    /** Polls the system under test for its own figures. */
    INSPECTOR,
    /** Acts on the system under test during a test (restarts, faults). */
    AGENT,
    /** A name that is none of the roles above (read from a file or a note); no peer of this Maestro plays it. */
    OTHER;

    /** The name as written on the wire and in files: {@code sender}, {@code receiver}, {@code inspector}, … */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when {@code name} is exactly this role's label, as a peer announces it. */
    public boolean is(String name) {
        return label().equals(name);
    }

    /** Reads a role name as files hold it, ignoring case and surrounding blanks; null or unknown names give OTHER. */
    public static Role parse(String text) {
        if (text == null) {
            return OTHER;
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return OTHER;
        }
    }
}
