"""Fresh figures cases, written blind (second batch); run with --extra bench/figures_fresh2"""
