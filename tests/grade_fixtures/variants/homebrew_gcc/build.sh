#!/bin/bash
# builds all 8 programs from morris.cpp
# needs g++ from homebrew (brew install gcc), apple clang doesnt have bits/stdc++.h
CXX=g++-14

$CXX -O2 -std=c++17 -DMINIMAX_OPENING morris.cpp wrap.c -o MiniMaxOpening
$CXX -O2 -std=c++17 -DMINIMAX_GAME morris.cpp wrap.c -o MiniMaxGame
$CXX -O2 -std=c++17 -DAB_OPENING morris.cpp wrap.c -o ABOpening
$CXX -O2 -std=c++17 -DAB_GAME morris.cpp wrap.c -o ABGame
$CXX -O2 -std=c++17 -DMINIMAX_OPENING_BLACK morris.cpp wrap.c -o MiniMaxOpeningBlack
$CXX -O2 -std=c++17 -DMINIMAX_GAME_BLACK morris.cpp wrap.c -o MiniMaxGameBlack
$CXX -O2 -std=c++17 -DMINIMAX_OPENING_IMPROVED morris.cpp wrap.c -o MiniMaxOpeningImproved
$CXX -O2 -std=c++17 -DMINIMAX_GAME_IMPROVED morris.cpp wrap.c -o MiniMaxGameImproved
