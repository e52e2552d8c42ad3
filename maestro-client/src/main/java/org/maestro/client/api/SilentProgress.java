package org.maestro.client.api;

/** A progress display that shows nothing; a base for displays that keep only some of the events. */
public class SilentProgress implements Progress {
    @Override
    public void started(String test, int iteration, String description) {}

    @Override
    public void update(Snapshot snapshot) {}

    @Override
    public void finished(TestResult result) {}

    @Override
    public void note(String message) {}
}
