package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a peer of a test ended, as the runner saw it; whether its files can be trusted to be complete. */
public enum PeerEnd {
    /** It notified its outcome and sent its files. */
    FINISHED("finished", true),
    /** Its outcome notification never arrived, it answered that it was idle and sent its files. */
    IDLE("found idle", true),
    /** The runner stopped it before it finished (the test was cut short) and it sent its files. */
    STOPPED("stopped", true),
    /** It refused its start (e.g. the system under test or its management could not be reached): it never ran. */
    NOT_STARTED("did not start", true),
    /** Its control connection dropped while it still answered (its last will came at once): killed or crashed. */
    DIED("died", false),
    /**
     * It stopped answering, and its last will came later (the broker's keep-alive expired) or never: its network cut,
     * its host or its process frozen; no files collected.
     */
    UNREACHABLE("unreachable", false),
    /** It was alive but did not send its files in time. */
    NO_FILES("files not collected", false),
    /** It sent files of another run (a different run id); they were refused. */
    FILES_REFUSED("files refused", false);

    private final String label;
    private final boolean filesCollected;

    PeerEnd(String label, boolean filesCollected) {
        this.label = label;
        this.filesCollected = filesCollected;
    }

    /** In words, as the report's peer table shows it. */
    public String label() {
        return label;
    }

    /** True when the peer's files of this test were collected. */
    public boolean filesCollected() {
        return filesCollected;
    }

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Reads {@link #jsonName()}; null for an unknown name. */
    @JsonCreator
    public static PeerEnd parse(String name) {
        for (PeerEnd end : values()) {
            if (end.jsonName().equals(name)) {
                return end;
            }
        }
        return null;
    }
}
