package org.maestro.client.api;

import java.util.List;

/** Progress for tests that keeps the notes of a test and ignores everything else. */
public final class NoteTaker extends SilentProgress {
    private final List<String> notes;

    public NoteTaker(List<String> notes) {
        this.notes = notes;
    }

    @Override
    public void note(String message) {
        notes.add(message);
    }
}
