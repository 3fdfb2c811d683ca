"""Fresh cases for bench/figures.py, written blind; run with --extra bench/figures_fresh"""
