package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** An item read from a file that remembers the line it started on, for error messages. */
public abstract class Located {

    @JsonIgnore
    private int line;

    /** The 1-based line the item starts on, 0 when it was not read from a file. */
    public int line() {
        return line;
    }

    /** Records the line the item starts on. */
    public void line(int line) {
        this.line = line;
    }

    /** {@code "line N: "} when the line is known, else an empty string. */
    public String at() {
        return line() > 0 ? "line " + line() + ": " : "";
    }
}
