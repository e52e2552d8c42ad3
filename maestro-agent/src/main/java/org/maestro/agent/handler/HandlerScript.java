package org.maestro.agent.handler;

import groovy.lang.Closure;
import groovy.lang.Script;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.maestro.common.options.Durations;

/**
 * The base class of every handler script: the methods a script calls directly, on top of the variables {@code args},
 * {@code options}, {@code log}, {@code action} and {@code sourceDir} of its binding. See {@code docs/agent.md}.
 *
 * <pre>{@code
 * // handlers/shutdown.groovy — "shutdown 60": stop the service for 60 s
 * def seconds = args ? args[0] as int : 10
 * execOrFail(['systemctl', 'stop', 'qdrouterd'])
 * onUndo { execOrFail(['systemctl', 'start', 'qdrouterd']) }
 * progress "qdrouterd stopped for ${seconds} s"
 * pause seconds
 * }</pre>
 */
public abstract class HandlerScript extends Script {

    /** The context of the running action (also the {@code action} variable). */
    protected ActionContext action() {
        return (ActionContext) getBinding().getVariable("action");
    }

    /** Registers a block to run when the action ends, however it ends. */
    public void onUndo(Closure<?> undo) {
        action().onUndo("undo", undo::call);
    }

    /** Registers a described block to run when the action ends, however it ends. */
    public void onUndo(String description, Closure<?> undo) {
        action().onUndo(description, undo::call);
    }

    /** Registers a block to run when the agent is stopped, for a change meant to outlive the action. */
    public void onAgentStop(String key, Closure<?> restore) {
        action().onAgentStop(key, key, restore::call);
    }

    /** Runs and removes the restoration registered under the key; true when there was one. */
    public boolean restore(String key) throws Exception {
        return action().restore(key);
    }

    /** Records a step of the action. */
    public void progress(Object message) {
        action().progress(String.valueOf(message));
    }

    /** True once the action has been asked to stop. */
    public boolean isCancelled() {
        return action().cancelled();
    }

    /** Ends the script at once if the action has been asked to stop. */
    public void checkCancelled() {
        action().checkCancelled();
    }

    /** Waits: a number is seconds, a string a duration such as {@code 500ms} or {@code 2m}; ends on cancellation. */
    public void pause(Object duration) {
        action().pause(toDuration(duration));
    }

    /** Groovy's {@code sleep}, made to end on cancellation instead of ignoring it. */
    public void sleep(long millis) {
        action().pause(Duration.ofMillis(millis));
    }

    /** Runs a program (argument list, no shell); its output goes into the log. */
    public ExecResult exec(List<?> command) {
        return action().exec(strings(command));
    }

    /** Runs a program with options: {@code exec(timeout: '30s', ['tool', 'arg'])}. */
    public ExecResult exec(Map<String, ?> options, List<?> command) {
        Object timeout = options.get("timeout");
        return action().exec(strings(command), timeout == null ? Duration.ofMinutes(5) : toDuration(timeout));
    }

    /** Runs a program and fails the action unless it exits with 0. */
    public ExecResult execOrFail(List<?> command) {
        return action().execOrFail(strings(command));
    }

    /** Runs a ready action as part of this one: {@code ready 'drop', '10s', '--port', '5672'}. */
    public Object ready(String name, Object... args) throws Exception {
        return action().runReady(name, strings(Arrays.asList(args)));
    }

    /** Ends the action as failed with this reason. */
    public void fail(String reason) {
        throw new ActionFailedException(reason);
    }

    private static List<String> strings(List<?> values) {
        return values.stream().map(String::valueOf).toList();
    }

    static Duration toDuration(Object value) {
        if (value instanceof Duration duration) {
            return duration;
        }
        if (value instanceof Number number) {
            return Duration.ofMillis(Math.round(number.doubleValue() * 1000));
        }
        String text = String.valueOf(value).trim();
        if (text.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(text));
        }
        return Durations.parse(text);
    }
}
