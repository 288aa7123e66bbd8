package com.esotericsoftware.kryonet.examples.chatrmi;

/** The chat RMI example's server-side object, declared as the example declares it. */
public interface IPlayer {
    void registerName(String name);

    void sendMessage(String message);
}
